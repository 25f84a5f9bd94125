import { useTranslation } from 'react-i18next';
import type { SignupDay } from '../schema';

/**
 * Sign-ups per day as CSS bars. The bars are decoration for sighted users; the same numbers are a table
 * that only screen readers meet, named by the chart's title.
 */
export function SignupsChart({ days, title }: { days: SignupDay[]; title: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const max = Math.max(1, ...days.map((day) => day.count));
  // Days are UTC dates: formatting them in UTC keeps the label on the day the server counted.
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
  const number = new Intl.NumberFormat(i18n.language);
  const first = days[0];
  const last = days.at(-1);

  return (
    <div className="grid gap-2">
      <div aria-hidden="true" className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-end text-xs text-muted-foreground tabular-nums">
          <span>{number.format(max)}</span>
          <span>{number.format(0)}</span>
        </div>
        <div className="flex h-40 items-end gap-px border-b border-s sm:gap-0.5">
          {days.map((day) => (
            <div
              key={day.date}
              title={`${label(day.date)}: ${number.format(day.count)}`}
              className="flex h-full min-w-0 flex-1 items-end"
            >
              <div
                className="w-full rounded-t-sm bg-primary/80"
                style={{ height: `${(day.count / max) * 100}%`, minHeight: day.count > 0 ? 2 : 0 }}
              />
            </div>
          ))}
        </div>
        <div />
        <div className="flex justify-between pt-1 text-xs text-muted-foreground">
          <span>{first ? label(first.date) : null}</span>
          <span>{last ? label(last.date) : null}</span>
        </div>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            <th scope="col">{t('chart.signups')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{label(day.date)}</th>
              <td>{number.format(day.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
