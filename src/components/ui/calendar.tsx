import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@/lib/i18n/languages';
import { cn } from '@/lib/utils';
import { Button } from './button';
import {
  addDays,
  addMonths,
  clampDay,
  firstDayOfWeek,
  isBeforeDay,
  isOutOfRange,
  isSameDay,
  monthWeeks,
  startOfDay,
  startOfWeek,
} from './calendar-dates';

type CalendarProps = {
  /** BCP 47 language: month and weekday names, first day of the week and direction follow it. */
  language: string;
  value: Date | undefined;
  onSelect: (date: Date) => void;
  min?: Date;
  max?: Date;
  /** Move focus onto the active day when the calendar mounts (the picker just opened). */
  autoFocus?: boolean;
};

// 7 January 2024 was a Sunday: weekday names are read from that week.
const referenceSunday = new Date(2024, 0, 7);

function useFormats(language: string) {
  return useMemo(
    () => ({
      caption: new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }),
      day: new Intl.DateTimeFormat(language, { day: 'numeric' }),
      full: new Intl.DateTimeFormat(language, { dateStyle: 'full' }),
      weekdayNarrow: new Intl.DateTimeFormat(language, { weekday: 'narrow' }),
      weekdayLong: new Intl.DateTimeFormat(language, { weekday: 'long' }),
    }),
    [language],
  );
}

/**
 * A month grid following the WAI-ARIA date picker pattern: one tabbable day (roving tabindex), arrows move
 * by day and week (mirrored right-to-left), PageUp/PageDown by month (with Shift by year), Home/End to
 * the week's ends, Enter/Space select.
 */
export function Calendar({ language, value, onSelect, min, max, autoFocus = false }: CalendarProps) {
  const { t } = useTranslation();
  const dir = directionOf(language);
  const formats = useFormats(language);
  const firstDay = useMemo(() => firstDayOfWeek(language), [language]);
  const [active, setActive] = useState(() => clampDay(startOfDay(value ?? new Date()), min, max));
  // Focus follows the active day only after keyboard moves (and on open), never after a month-button click.
  const focusPending = useRef(autoFocus);
  const grid = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const today = new Date();

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [active]);

  const monthStart = new Date(active.getFullYear(), active.getMonth(), 1);
  const previousDisabled = !!min && isBeforeDay(addDays(monthStart, -1), min);
  const nextDisabled = !!max && isBeforeDay(max, addMonths(monthStart, 1));
  const weekdays = Array.from({ length: 7 }, (_, i) => addDays(referenceSunday, (firstDay + i) % 7));

  const select = (day: Date) => {
    if (isOutOfRange(day, min, max)) return;
    setActive(day);
    onSelect(day);
  };

  const move = (next: Date) => {
    focusPending.current = true;
    setActive(clampDay(next, min, max));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Right-to-left, the next day sits to the left: ArrowLeft moves forward in time.
    const forward = dir === 'rtl' ? -1 : 1;
    const moves: Record<string, () => Date> = {
      ArrowRight: () => addDays(active, forward),
      ArrowLeft: () => addDays(active, -forward),
      ArrowDown: () => addDays(active, 7),
      ArrowUp: () => addDays(active, -7),
      PageDown: () => addMonths(active, event.shiftKey ? 12 : 1),
      PageUp: () => addMonths(active, event.shiftKey ? -12 : -1),
      Home: () => startOfWeek(active, firstDay),
      End: () => addDays(startOfWeek(active, firstDay), 6),
    };
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      move(target());
    } else if (event.key === 'Enter' || event.key === ' ') {
      // Handled here so a keyboard choice never depends on the button's synthetic click.
      event.preventDefault();
      select(active);
    }
  };

  return (
    <div dir={dir} className="mx-auto grid w-fit gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('datePicker.previousMonth')}
          disabled={previousDisabled}
          onClick={() => setActive(clampDay(addMonths(active, -1), min, max))}
        >
          <ChevronLeft aria-hidden className="rtl:-scale-x-100" />
        </Button>
        <div id={captionId} aria-live="polite" className="text-sm font-medium">
          {formats.caption.format(active)}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('datePicker.nextMonth')}
          disabled={nextDisabled}
          onClick={() => setActive(clampDay(addMonths(active, 1), min, max))}
        >
          <ChevronRight aria-hidden className="rtl:-scale-x-100" />
        </Button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={captionId}
        onKeyDown={onKeyDown}
        className="border-collapse"
      >
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th
                key={day.getDay()}
                scope="col"
                className="size-10 text-xs font-normal text-muted-foreground"
              >
                <span aria-hidden>{formats.weekdayNarrow.format(day)}</span>
                <span className="sr-only">{formats.weekdayLong.format(day)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(active, firstDay).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (!day) return <td key={column} />;
                const selected = isSameDay(day, value);
                const outOfRange = isOutOfRange(day, min, max);
                return (
                  <td key={column} role="gridcell" aria-selected={selected || undefined} className="p-0">
                    <button
                      type="button"
                      tabIndex={isSameDay(day, active) ? 0 : -1}
                      aria-label={formats.full.format(day)}
                      aria-current={isSameDay(day, today) ? 'date' : undefined}
                      aria-disabled={outOfRange || undefined}
                      onClick={() => select(day)}
                      className={cn(
                        'size-10 rounded-md text-sm tabular-nums hover:bg-muted',
                        isSameDay(day, today) && 'border font-semibold',
                        selected && 'bg-primary text-primary-foreground hover:bg-primary/90',
                        outOfRange && 'cursor-not-allowed opacity-40 hover:bg-transparent',
                      )}
                    >
                      {formats.day.format(day)}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
