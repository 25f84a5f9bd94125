import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, firstDayOfWeek, monthWeeks, startOfWeek } from './calendar-dates';

describe('firstDayOfWeek', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows each language: Sunday in English, Monday in French and Swahili, Saturday in Arabic', () => {
    expect(['en', 'fr', 'ar', 'sw'].map(firstDayOfWeek)).toEqual([0, 1, 6, 1]);
  });

  it('falls back to its own table where Intl.Locale has no week info', () => {
    class BareLocale {
      constructor(readonly tag: string) {}
    }
    vi.stubGlobal('Intl', { ...Intl, Locale: BareLocale });
    expect(['en', 'fr-CA', 'ar', 'sw'].map(firstDayOfWeek)).toEqual([0, 1, 6, 1]);
  });
});

describe('date arithmetic', () => {
  it('keeps the day of the month, or takes the last day of a shorter month', () => {
    expect(addMonths(new Date(2025, 0, 31), 1)).toEqual(new Date(2025, 1, 28));
    expect(addMonths(new Date(2024, 0, 31), 1)).toEqual(new Date(2024, 1, 29));
    expect(addMonths(new Date(2025, 0, 15), -12)).toEqual(new Date(2024, 0, 15));
  });

  it('finds the start of the week for any first day', () => {
    // Wednesday 15 January 2025.
    expect(startOfWeek(new Date(2025, 0, 15), 0)).toEqual(new Date(2025, 0, 12));
    expect(startOfWeek(new Date(2025, 0, 15), 1)).toEqual(new Date(2025, 0, 13));
    expect(startOfWeek(new Date(2025, 0, 15), 6)).toEqual(new Date(2025, 0, 11));
  });

  it('lays a month out in full weeks with blanks around it', () => {
    // February 2026 starts on a Sunday and has exactly four weeks.
    const sundayFirst = monthWeeks(new Date(2026, 1, 10), 0);
    expect(sundayFirst).toHaveLength(4);
    expect(sundayFirst[0]?.[0]).toEqual(new Date(2026, 1, 1));
    const mondayFirst = monthWeeks(new Date(2026, 1, 10), 1);
    expect(mondayFirst).toHaveLength(5);
    expect(mondayFirst[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(mondayFirst[4]?.[0]).toEqual(new Date(2026, 1, 23));
  });
});
