import { CalendarDays } from 'lucide-react';
import { createElement, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '@/lib/on-demand';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { ResponsiveDialog } from './responsive-dialog';
import { toast } from './toast';
import { dateTimeFormat } from '@/lib/intl';

// react-day-picker and date-fns under it (./calendar.tsx) are fetched when a picker first opens, or ahead
// of that when the pointer or focus reaches one: the forms sharing this field's chunk mostly have no date.
const calendar = onDemand(() => import('./calendar').then((module) => module.Calendar));
const prefetch = () => void calendar.load().catch(() => {});

export type DatePickerButtonProps = {
  /** A calendar day (local midnight), or undefined when none is chosen. */
  value: Date | undefined;
  onChange: (date: Date | undefined) => void;
  min?: Date;
  max?: Date;
  /** Offer a "Clear date" action while a date is chosen. */
  clearable?: boolean;
  id?: string;
  /** Names the field; the chosen date (or "Pick a date") is still read after it. */
  'aria-label'?: string;
  /** Id(s) of the visible label; the chosen date is read after it. */
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  disabled?: boolean;
  className?: string;
  /** Lets a form library focus the button (react-hook-form focuses the first invalid field). */
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button showing the chosen date in the current language; it opens a calendar.
 *
 * The calendar lives in the product's ResponsiveDialog rather than a popover: the dialog already traps focus,
 * closes on Escape and hands focus back to this button, and below 640 px it becomes a bottom drawer, which
 * suits a thumb far better than a popover squeezed under a field. No popover primitive is needed either.
 */
export function DatePickerButton({
  value,
  onChange,
  min,
  max,
  clearable = false,
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  disabled,
  className,
  ref,
}: DatePickerButtonProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [open, setOpen] = useState(false);
  // Offline, say: the picker cannot appear, so it is not left "open" behind the user's back.
  const loadedCalendar = calendar.useOpened(open, () => {
    setOpen(false);
    toast.error(t('errors.unknown'));
  });
  const generatedId = useId();
  const buttonId = id ?? generatedId;
  const nameId = `${buttonId}-name`;
  const valueId = `${buttonId}-value`;
  const format = dateTimeFormat(language, { dateStyle: 'medium' });
  const text = value ? format.format(value) : t('datePicker.placeholder');
  // The field's name and then its value, so "Due date, 3 Mar 2025" is read rather than one or the other.
  const nameRefs = labelledBy ?? (ariaLabel ? nameId : undefined);

  const choose = (date: Date | undefined) => {
    onChange(date);
    setOpen(false);
  };

  // The same component on every render once loaded: React keeps the calendar's state.
  const monthGrid = loadedCalendar
    ? createElement(loadedCalendar, { language, value, min, max, onSelect: choose, autoFocus: true })
    : null;

  return (
    <>
      {ariaLabel && !labelledBy ? (
        <span id={nameId} className="sr-only">
          {ariaLabel}
        </span>
      ) : null}
      <ResponsiveDialog
        // The dialog appears once the calendar has arrived, so it opens with the chosen day focused.
        open={open && !!loadedCalendar}
        onOpenChange={setOpen}
        title={ariaLabel ?? t('datePicker.placeholder')}
        trigger={
          <Button
            ref={ref}
            type="button"
            variant="outline"
            id={buttonId}
            disabled={disabled}
            aria-labelledby={nameRefs ? `${nameRefs} ${valueId}` : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            className={cn(
              'w-full justify-start font-normal aria-invalid:border-destructive',
              !value && 'text-muted-foreground',
              className,
            )}
          >
            <CalendarDays aria-hidden />
            <span id={valueId}>{text}</span>
          </Button>
        }
      >
        {monthGrid}
        {clearable && value ? (
          <Button type="button" variant="ghost" onClick={() => choose(undefined)}>
            {t('datePicker.clear')}
          </Button>
        ) : null}
      </ResponsiveDialog>
    </>
  );
}
