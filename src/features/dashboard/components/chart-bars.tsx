import { type FocusEvent, type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { SignupDay } from '../schema';

/** A day and a count as the page's language writes them (the chart's formatters). */
export type BarFormat = { day: (date: string) => string; value: (count: number) => string };

/**
 * The bars of the sign-up chart, one per day, oldest first in reading order (so right to left in Arabic).
 * The group is one Tab stop: the arrow keys move along the days (in the direction they point on screen),
 * Home and End jump to the ends. Each bar is named "day: N sign-ups", which a screen reader says as focus
 * lands on it; the tooltip shows the same for the focused or hovered bar.
 */
export function ChartBars({ days, top, format }: { days: SignupDay[]; top: number; format: BarFormat }) {
  const { t } = useTranslation('dashboard');
  const hintId = useId();
  const cursor = useChartCursor(days.length);
  const activeDay = cursor.active === null ? undefined : days[cursor.active];
  return (
    <div
      role="group"
      aria-label={t('chart.plotLabel')}
      aria-describedby={hintId}
      className="absolute inset-0 flex items-stretch gap-px sm:gap-1"
      onKeyDown={cursor.onKeyDown}
      onBlur={cursor.onBlur}
    >
      <p id={hintId} className="sr-only">
        {t('chart.keyboardHint')}
      </p>
      {days.map((day, index) => (
        <div
          key={day.date}
          data-bar=""
          role="img"
          aria-label={t('chart.barLabel', { day: format.day(day.date), count: day.count })}
          tabIndex={index === cursor.tabStop ? 0 : -1}
          {...cursor.barHandlers(index)}
          className={cn(
            'relative flex min-w-0 flex-1 items-end rounded-t-sm focus-visible:outline-offset-0',
            index === cursor.active && 'bg-muted',
          )}
        >
          <div
            className={cn(
              'w-full rounded-t-sm transition-colors motion-reduce:transition-none',
              index === cursor.active ? 'bg-primary' : 'bg-chart-1',
            )}
            style={{ height: `${(day.count / top) * 100}%`, minHeight: day.count > 0 ? 2 : 0 }}
          />
        </div>
      ))}
      {activeDay && cursor.active !== null ? (
        <BarTooltip day={activeDay} index={cursor.active} count={days.length} format={format} />
      ) : null}
    </div>
  );
}

/**
 * Which bar is active (hovered, else focused) and which one holds the group's Tab stop (today at first,
 * then the last one focused), with the handlers that move them.
 */
function useChartCursor(count: number) {
  const [tabStop, setTabStop] = useState(count - 1);
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  return {
    tabStop,
    active: hovered ?? focused,
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const next = nextIndex(event, tabStop, count);
      if (next === null) return;
      event.preventDefault();
      setTabStop(next);
      event.currentTarget.querySelectorAll<HTMLElement>('[data-bar]')[next]?.focus();
    },
    // Focus leaving the chart hides the value, also the one a tap showed (a tap never "leaves").
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (event.currentTarget.contains(event.relatedTarget)) return;
      setFocused(null);
      setHovered(null);
    },
    barHandlers: (index: number) => ({
      onFocus: () => {
        setTabStop(index);
        setFocused(index);
      },
      onPointerEnter: () => setHovered(index),
      // A tap leaves at once: on touch the value stays until the next tap (the tap also focused the bar).
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(null);
      },
    }),
  };
}

/** The day a key moves to from `current`, or null when the key is not the chart's. */
function nextIndex(event: KeyboardEvent<HTMLElement>, current: number, count: number): number | null {
  const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
  const later = rtl ? 'ArrowLeft' : 'ArrowRight';
  const earlier = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (event.key) {
    case later:
      return Math.min(current + 1, count - 1);
    case earlier:
      return Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The value of the active bar, beside it at the top of the plot: after it in the first half of the chart,
 * before it in the second, so it never covers the bar or leaves the card. Screen readers hear the bar's
 * name instead (the tooltip repeats it), so it is hidden from them.
 */
function BarTooltip({
  day,
  index,
  count,
  format,
}: {
  day: SignupDay;
  index: number;
  count: number;
  format: BarFormat;
}) {
  const { t } = useTranslation('dashboard');
  const after = index < count / 2;
  const edge = `calc(${((after ? index + 1 : count - index) / count) * 100}% + 0.5rem)`;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-0 z-10 grid min-w-36 gap-1 rounded-md border bg-background px-3 py-2 text-xs shadow-md"
      style={after ? { insetInlineStart: edge } : { insetInlineEnd: edge }}
    >
      <p className="font-medium whitespace-nowrap">{format.day(day.date)}</p>
      <p className="flex items-center gap-2 text-muted-foreground">
        <span className="size-2.5 shrink-0 rounded-[2px] bg-chart-1" />
        {t('chart.signups')}
        <span className="ms-auto font-medium text-foreground tabular-nums">{format.value(day.count)}</span>
      </p>
    </div>
  );
}
