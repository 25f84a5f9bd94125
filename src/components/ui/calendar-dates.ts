// Calendar days are local dates at midnight: a picked day must not shift when shown in another zone offset,
// so every helper builds dates from year/month/day parts, never by adding milliseconds (DST-safe).

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

function daysInMonth(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** Same day of the month `months` later, or that month's last day when it is shorter (31 Jan → 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const day = Math.min(date.getDate(), daysInMonth(first.getFullYear(), first.getMonth()));
  return new Date(first.getFullYear(), first.getMonth(), day);
}

export function isSameDay(a: Date | undefined, b: Date | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

export function isBeforeDay(a: Date, b: Date): boolean {
  return startOfDay(a).getTime() < startOfDay(b).getTime();
}

export function isOutOfRange(date: Date, min?: Date, max?: Date): boolean {
  return (!!min && isBeforeDay(date, min)) || (!!max && isBeforeDay(max, date));
}

export function clampDay(date: Date, min?: Date, max?: Date): Date {
  if (min && isBeforeDay(date, min)) return startOfDay(min);
  if (max && isBeforeDay(max, date)) return startOfDay(max);
  return date;
}

/** The first day of the week containing `date`; `firstDay` is 0 for Sunday … 6 for Saturday. */
export function startOfWeek(date: Date, firstDay: number): Date {
  return addDays(date, -((date.getDay() - firstDay + 7) % 7));
}

/** The weeks shown for `month`: each row has seven days, `null` where the day belongs to another month. */
export function monthWeeks(month: Date, firstDay: number): (Date | null)[][] {
  const year = month.getFullYear();
  const index = month.getMonth();
  const lead = (new Date(year, index, 1).getDay() - firstDay + 7) % 7;
  const total = daysInMonth(year, index);
  const weeks: (Date | null)[][] = [];
  for (let start = -lead; start < total; start += 7) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const day = start + i + 1;
        return day >= 1 && day <= total ? new Date(year, index, day) : null;
      }),
    );
  }
  return weeks;
}

// CLDR's usual first day where the engine lacks Intl.Locale week info (Firefox before 2025, older Node).
const fallbackFirstDay: Record<string, number> = { en: 0, fr: 1, ar: 6, sw: 1 };

function firstDayFromWeekInfo(info: unknown): number | undefined {
  if (typeof info !== 'object' || info === null || !('firstDay' in info)) return undefined;
  const { firstDay } = info;
  // Intl numbers the days 1 (Monday) … 7 (Sunday); Date#getDay uses 0 (Sunday) … 6.
  return typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7 ? firstDay % 7 : undefined;
}

/** The first day of the week for a language (0 Sunday … 6 Saturday), from Intl when it knows. */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language);
    // `getWeekInfo()` is the standard; `weekInfo` is the older accessor some engines still ship.
    const info: unknown =
      'getWeekInfo' in locale && typeof locale.getWeekInfo === 'function'
        ? locale.getWeekInfo()
        : 'weekInfo' in locale
          ? locale.weekInfo
          : undefined;
    const fromIntl = firstDayFromWeekInfo(info);
    if (fromIntl !== undefined) return fromIntl;
  } catch {
    // An unknown tag: fall through to the table.
  }
  return fallbackFirstDay[language.split('-')[0] ?? ''] ?? 0;
}
