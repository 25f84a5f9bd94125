// Calendar days (`YYYY-MM-DD`), as URLs, forms and `date` columns carry them: a day has no time zone, so
// it is never turned into an instant on the way.

import { dateTimeFormat } from './intl';

/** A calendar day as `YYYY-MM-DD` that exists (no 31 February). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A day (`YYYY-MM-DD`) as the date picker's local midnight; undefined for none. */
export function dayToDate(day: string | null | undefined): Date | undefined {
  if (!day) return undefined;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The date picker's local day as `YYYY-MM-DD`; '' for none. */
export function dateToDay(date: Date | undefined): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A day in the reader's language ("Mar 12, 2026"), read as that calendar day wherever the reader is (for
 * generated entities' `date` fields).
 * @public
 */
export function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
