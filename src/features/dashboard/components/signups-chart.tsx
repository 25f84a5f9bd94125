import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { countTicks, labelledDays } from '../chart-scale';
import type { SignupDay } from '../schema';
import { type BarFormat, ChartBars } from './chart-bars';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/** Days between two dates under the x axis. */
const WEEK = 7;

/** A `YYYY-MM-DD` UTC day as a Date at its start. */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** Short dates for the axis and the table, longer ones (with the weekday) for the value of a bar. */
function useChartFormats(language: string) {
  return useMemo(() => {
    // Days are UTC dates: formatting them in UTC keeps the label on the day the server counted.
    const short = dateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const long = dateTimeFormat(language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const number = numberFormat(language);
    return {
      axisDay: (date: string) => short.format(utcDay(date)),
      bar: {
        day: (date: string) => long.format(utcDay(date)),
        value: (count: number) => number.format(count),
      } satisfies BarFormat,
    };
  }, [language]);
}

/**
 * Sign-ups per day over the dashboard's 30 days: a y axis of round counts with gridlines, dates under the
 * bars in the page's language, and the value of a day on hover or keyboard focus. Time runs in reading
 * order, so right to left in Arabic, as Arabic dashboards draw it; the y axis sits on the reading start.
 * A table (screen readers only) gives every day, named by the chart's title.
 */
export function SignupsChart({ days, title }: { days: SignupDay[]; title: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const formats = useChartFormats(i18n.language);
  if (days.length === 0) {
    return (
      <p className="grid h-48 place-items-center rounded-md border border-dashed px-4 text-center text-sm text-muted-foreground">
        {t('chart.empty')}
      </p>
    );
  }
  const ticks = countTicks(Math.max(...days.map((day) => day.count)));
  const top = ticks.at(-1) ?? 1;
  const empty = days.every((day) => day.count === 0);

  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
      <YAxis ticks={ticks} label={formats.bar.value} />
      <div className="relative h-48 sm:h-56">
        {ticks.map((tick) => (
          <div
            key={tick}
            aria-hidden="true"
            className={tick === 0 ? 'absolute inset-x-0 h-px bg-input' : 'absolute inset-x-0 h-px bg-border'}
            style={{ bottom: `${(tick / top) * 100}%` }}
          />
        ))}
        <ChartBars days={days} top={top} format={formats.bar} />
        {empty ? (
          <p className="pointer-events-none absolute inset-0 grid place-items-center px-4 text-center text-sm text-muted-foreground">
            {t('chart.noSignups')}
          </p>
        ) : null}
      </div>
      <XAxis days={days} label={formats.axisDay} />
      <SignupsTable days={days} title={title} day={formats.axisDay} count={formats.bar.value} />
    </div>
  );
}

/**
 * Dates under the bars, a week apart and ending on today (every other one on a phone): each centred on
 * its bar, except today's, which ends with the plot so it never sticks out of the card.
 */
function XAxis({ days, label }: { days: SignupDay[]; label: (date: string) => string }) {
  const count = days.length;
  return (
    <div aria-hidden="true" className="relative col-start-2 mt-2 h-4 text-xs leading-4 text-muted-foreground">
      {labelledDays(count, WEEK).map((index) => {
        const day = days[index];
        if (!day) return null;
        const last = index === count - 1;
        const oddWeek = ((count - 1 - index) / WEEK) % 2 === 1;
        return (
          <span
            key={day.date}
            className={cn(
              'absolute whitespace-nowrap',
              !last && '-translate-x-1/2 rtl:translate-x-1/2',
              oddWeek && 'max-sm:hidden',
            )}
            style={last ? { insetInlineEnd: 0 } : { insetInlineStart: `${((index + 0.5) / count) * 100}%` }}
          >
            {label(day.date)}
          </span>
        );
      })}
    </div>
  );
}

/** The y axis' numbers, drawn for the eye (the table gives screen readers the counts). */
function YAxis({ ticks, label }: { ticks: number[]; label: (count: number) => string }) {
  return (
    // The labels' line box is 1rem: 0.5rem above and below the plot puts each on its gridline.
    <ol
      aria-hidden="true"
      className="-my-2 flex h-52 flex-col-reverse justify-between text-end text-xs leading-4 text-muted-foreground tabular-nums sm:h-60"
    >
      {ticks.map((tick) => (
        <li key={tick}>{label(tick)}</li>
      ))}
    </ol>
  );
}

/** Every day and its count, for screen readers, named by the chart's title. */
function SignupsTable({
  days,
  title,
  day,
  count,
}: {
  days: SignupDay[];
  title: string;
  day: (date: string) => string;
  count: (count: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <table className="sr-only">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('chart.day')}</th>
          <th scope="col">{t('chart.signups')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((entry) => (
          <tr key={entry.date}>
            <th scope="row">{day(entry.date)}</th>
            <td>{count(entry.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
