import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import {
  type ChevronProps,
  type DayButtonProps,
  type DayPickerProps,
  DayButton as DayPickerDayButton,
  DayPicker,
  type Formatters,
  type Labels,
  type Matcher,
} from 'react-day-picker';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { dateTimeFormat } from '@/lib/intl';

type CalendarProps = {
  /** BCP 47 language: month and weekday names, first day of the week and direction follow it. */
  language: string;
  value: Date | undefined;
  onSelect: (date: Date) => void;
  min?: Date;
  max?: Date;
  /** Move focus onto the chosen day (or today) when the calendar mounts (the picker just opened). */
  autoFocus?: boolean;
};

type Weekday = NonNullable<DayPickerProps['weekStartsOn']>;

// CLDR's usual first day where the engine lacks Intl.Locale week info (Firefox, older engines).
const fallbackFirstDay: Record<string, Weekday> = { en: 0, fr: 1, ar: 6, sw: 1 };

/** The first day of the week for a language (0 Sunday … 6 Saturday), from Intl when it knows. */
function firstDayOfWeek(language: string): Weekday {
  try {
    const locale = new Intl.Locale(language);
    // `getWeekInfo()` is the standard; `weekInfo` is the older accessor some engines still ship.
    const info: unknown =
      'getWeekInfo' in locale && typeof locale.getWeekInfo === 'function'
        ? locale.getWeekInfo()
        : 'weekInfo' in locale
          ? locale.weekInfo
          : undefined;
    const day = info && typeof info === 'object' && 'firstDay' in info ? info.firstDay : undefined;
    // Intl numbers the days 1 (Monday) … 7 (Sunday); DayPicker uses 0 (Sunday) … 6.
    if (typeof day === 'number' && day >= 1 && day <= 7) return (day % 7) as Weekday;
  } catch {
    // An unknown tag: fall through to the table.
  }
  return fallbackFirstDay[language.split('-')[0] ?? ''] ?? 0;
}

/**
 * Names from Intl rather than date-fns locales: the four languages (date-fns has no Swahili) come with
 * no locale data in the bundle, and the dialog reads exactly like the button that opened it.
 */
function useIntlText(language: string) {
  const { t } = useTranslation();
  return useMemo(() => {
    const format = (options: Intl.DateTimeFormatOptions) => {
      const formatter = dateTimeFormat(language, options);
      return (date: Date) => formatter.format(date);
    };
    const caption = format({ month: 'long', year: 'numeric' });
    const formatters: Partial<Formatters> = {
      formatCaption: caption,
      formatDay: format({ day: 'numeric' }),
      formatWeekdayName: format({ weekday: 'narrow' }),
    };
    const labels: Partial<Labels> = {
      labelGrid: caption,
      labelDayButton: format({ dateStyle: 'full' }),
      labelWeekday: format({ weekday: 'long' }),
      labelPrevious: () => t('datePicker.previousMonth'),
      labelNext: () => t('datePicker.nextMonth'),
    };
    return { formatters, labels };
  }, [language, t]);
}

// DayPicker already points the chevrons by direction (`navLayout="around"`): previous is → right-to-left.
function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'right' ? ChevronRight : ChevronLeft;
  return <Icon aria-hidden className={className} />;
}

function DayButton(props: DayButtonProps) {
  return <DayPickerDayButton {...props} aria-current={props.modifiers.today ? 'date' : undefined} />;
}

const components = { Chevron, DayButton };

const navButton = cn(
  buttonVariants({ variant: 'ghost', size: 'icon' }),
  'aria-disabled:pointer-events-none aria-disabled:opacity-50',
);

// The cell (`day`) carries DayPicker's data-selected/-today/-disabled flags; its button is styled from them.
const classNames = {
  root: 'mx-auto w-fit',
  month: 'grid grid-cols-[auto_1fr_auto] items-center gap-y-3',
  button_previous: navButton,
  button_next: navButton,
  month_caption: 'flex justify-center px-2',
  caption_label: 'text-sm font-medium',
  month_grid: 'col-span-3 border-collapse',
  weekday: 'size-10 text-xs font-normal text-muted-foreground',
  day: 'group/day p-0',
  day_button: cn(
    'size-10 rounded-md text-sm tabular-nums hover:bg-muted',
    'group-data-today/day:border group-data-today/day:font-semibold',
    'group-data-selected/day:bg-primary group-data-selected/day:text-primary-foreground group-data-selected/day:hover:bg-primary/90',
    'group-data-disabled/day:cursor-not-allowed group-data-disabled/day:opacity-40 group-data-disabled/day:hover:bg-transparent',
  ),
  hidden: 'invisible',
};

/**
 * react-day-picker's month grid (the WAI-ARIA date picker pattern: arrows by day and week, mirrored
 * right-to-left, PageUp/PageDown by month, with Shift by year, Home/End to the week's ends) in the
 * product's tokens and languages.
 */
export function Calendar({ language, value, onSelect, min, max, autoFocus = false }: CalendarProps) {
  const { formatters, labels } = useIntlText(language);
  const disabled = useMemo(() => {
    const outside: Matcher[] = [];
    if (min) outside.push({ before: min });
    if (max) outside.push({ after: max });
    return outside;
  }, [min, max]);

  return (
    <DayPicker
      mode="single"
      required
      selected={value}
      onSelect={onSelect}
      // Enter and Space pick on keydown, so the choice does not hang on the browser turning the key into
      // a click; preventDefault stops that click, and the day is picked once.
      onDayKeyDown={(date, modifiers, event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !modifiers.disabled) {
          event.preventDefault();
          onSelect(date);
        }
      }}
      defaultMonth={value}
      startMonth={min}
      endMonth={max}
      disabled={disabled}
      autoFocus={autoFocus}
      dir={directionOf(language)}
      lang={language}
      weekStartsOn={firstDayOfWeek(language)}
      navLayout="around"
      formatters={formatters}
      labels={labels}
      classNames={classNames}
      components={components}
    />
  );
}
