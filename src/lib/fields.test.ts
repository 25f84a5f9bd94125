import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  momentToLocalInput,
  zChoice,
  zDay,
  zDecimalText,
  zLongText,
  zMoment,
  zReference,
  zShortText,
  zWholeNumber,
} from './fields';

/** The rule's output, or its first message. */
function check(rule: z.ZodType, input: unknown): unknown {
  const result = rule.safeParse(input);
  return result.success ? result.data : result.error.issues[0]?.message;
}

describe('the field rules', () => {
  it('clean and bound texts; an optional blank is null', () => {
    const name = zShortText({ field: 'name', max: 6 });
    expect(check(name, '  Ab\u200Bc\nd ')).toBe('Abc d');
    expect(check(name, ' \u200B ')).toBe('form.name.required');
    expect(check(name, 'abcdefg')).toBe('form.name.max');
    const notes = zLongText({ field: 'notes', max: 10, optional: true });
    expect(check(notes, '')).toBeNull();
    expect(check(notes, undefined)).toBeNull();
    expect(check(notes, 'a\nb')).toBe('a\nb');
  });

  it('read numbers typed as text, and accept their own output again', () => {
    const count = zWholeNumber({ field: 'count', min: 0, max: 10 });
    expect(check(count, ' 7 ')).toBe(7);
    expect(check(count, 7)).toBe(7);
    expect(check(count, '')).toBe('form.count.required');
    expect(check(count, '1.5')).toBe('form.count.invalid');
    expect(check(count, '-1')).toBe('form.count.min');
    expect(check(count, '11')).toBe('form.count.max');
    expect(check(zWholeNumber({ field: 'count', min: 0, max: 10, optional: true }), '')).toBeNull();
    const price = zDecimalText({ field: 'price', scale: 2, max: 100 });
    expect(check(price, '12,5')).toBe('12.50');
    expect(check(price, '12.50')).toBe('12.50');
    expect(check(price, '1.234')).toBe('form.price.invalid');
    expect(check(price, '101')).toBe('form.price.max');
  });

  it('take one of an enum’s values', () => {
    const status = zChoice({ field: 'status', values: ['planned', 'done'] as const });
    expect(check(status, 'done')).toBe('done');
    expect(check(status, 'nope')).toBe('form.status.required');
  });

  it('read a day from the picker or as text, and a moment as UTC', () => {
    const due = zDay({ field: 'due' });
    expect(check(due, new Date(2026, 2, 9))).toBe('2026-03-09');
    expect(check(due, '2026-03-09')).toBe('2026-03-09');
    expect(check(due, '2026-02-30')).toBe('form.due.invalid');
    expect(check(due, undefined)).toBe('form.due.required');
    expect(check(zDay({ field: 'due', optional: true }), '')).toBeNull();
    const starts = zMoment({ field: 'starts' });
    expect(check(starts, '2026-03-09T10:30:00.000Z')).toBe('2026-03-09T10:30:00.000Z');
    expect(check(starts, 'soon')).toBe('form.starts.invalid');
    expect(check(starts, '')).toBe('form.starts.required');
    const local = momentToLocalInput('2026-03-09T10:30:00.000Z');
    expect(new Date(local).toISOString()).toBe('2026-03-09T10:30:00.000Z');
    expect(momentToLocalInput(null)).toBe('');
  });

  it('bound a reference; an optional blank is null', () => {
    expect(check(zReference({ field: 'owner' }), '')).toBe('form.owner.required');
    expect(check(zReference({ field: 'owner', optional: true }), '')).toBeNull();
    expect(check(zReference({ field: 'owner' }), 'x'.repeat(65))).toBe('form.owner.invalid');
  });
});
