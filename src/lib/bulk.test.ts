import { describe, expect, it } from 'vitest';
import { done, skipped, summarizeBulk } from './bulk';

describe('summarizeBulk', () => {
  it('counts the rows done and groups the skipped ones by reason, the largest group first', () => {
    const rows = [
      done('a', 'Ada'),
      skipped('b', 'Bea', 'YOU_CANNOT_BAN_YOURSELF'),
      done('c', 'Cal'),
      skipped('d', '', 'NOT_FOUND'),
      skipped('e', '', 'NOT_FOUND'),
    ];
    expect(summarizeBulk(rows)).toEqual({
      done: 2,
      skipped: [
        { reason: 'NOT_FOUND', count: 2 },
        { reason: 'YOU_CANNOT_BAN_YOURSELF', count: 1 },
      ],
    });
  });

  it('reads an empty answer as nothing done and nothing skipped', () => {
    expect(summarizeBulk([])).toEqual({ done: 0, skipped: [] });
  });
});
