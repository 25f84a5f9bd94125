// A schedule's cron expression in words, for the shapes the product's schedules take (src/server/jobs/
// queues.ts): every minute, every n minutes, once an hour, once a day. Anything else is shown as written.

type CronWords =
  | { kind: 'everyMinute' }
  | { kind: 'everyMinutes'; count: number }
  | { kind: 'hourlyAt'; minute: number }
  | { kind: 'dailyAt'; hour: number; minute: number };

const NUMBER = /^\d{1,2}$/;

function within(text: string, max: number): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return value <= max ? value : undefined;
}

/** `cron` (five fields, UTC) as one of the shapes above, or null when it is another. */
export function cronInWords(cron: string): CronWords | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute = '', hour = '', ...rest] = fields;
  // Day of month, month and weekday must all be "any".
  if (rest.some((field) => field !== '*')) return null;
  if (hour === '*') {
    if (minute === '*') return { kind: 'everyMinute' };
    const step = /^\*\/(\d{1,2})$/.exec(minute)?.[1];
    if (step) {
      const count = Number(step);
      if (count >= 1 && count <= 59)
        return count === 1 ? { kind: 'everyMinute' } : { kind: 'everyMinutes', count };
      return null;
    }
    const at = within(minute, 59);
    return at === undefined ? null : { kind: 'hourlyAt', minute: at };
  }
  const at = within(minute, 59);
  const hourAt = within(hour, 23);
  return at === undefined || hourAt === undefined ? null : { kind: 'dailyAt', hour: hourAt, minute: at };
}
