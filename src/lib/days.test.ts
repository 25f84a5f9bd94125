import { describe, expect, it } from 'vitest';
import { dateToDay, dayToDate, formatDay, isIsoDate } from './days';

describe('days', () => {
  it('turns a day into the picker’s local midnight and back', () => {
    const date = dayToDate('2026-03-09');
    expect(date?.getDate()).toBe(9);
    expect(date?.getHours()).toBe(0);
    expect(dateToDay(date)).toBe('2026-03-09');
    expect(dayToDate('')).toBeUndefined();
    expect(dayToDate(null)).toBeUndefined();
    expect(dateToDay(undefined)).toBe('');
  });

  it('knows which days exist', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
  });

  it('shows a day as that calendar day in the reader’s language', () => {
    expect(formatDay('2026-03-09', 'en')).toBe('Mar 9, 2026');
    expect(formatDay('2026-03-09', 'fr')).toBe('9 mars 2026');
  });
});
