import { describe, expect, it } from 'vitest';
import { countTicks, labelledDays } from './chart-scale';

describe('countTicks', () => {
  it('ends on a round number at or above the highest count, in 3 to 5 whole steps', () => {
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(12)).toEqual([0, 5, 10, 15]);
    expect(countTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('keeps an axis of 0 to 4 for small counts and for none', () => {
    expect(countTicks(0)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(1)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('never steps by a fraction', () => {
    for (let max = 0; max <= 200; max += 1) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), `max ${max}`).toBe(true);
      expect(ticks.at(-1), `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(ticks.length, `max ${max}`).toBeLessThanOrEqual(6);
    }
  });
});

describe('labelledDays', () => {
  it('labels the last day and every seventh one before it', () => {
    expect(labelledDays(30, 7)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(3, 7)).toEqual([2]);
    expect(labelledDays(0, 7)).toEqual([]);
  });
});
