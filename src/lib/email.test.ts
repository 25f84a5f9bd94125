import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEmail } from './email.ts';

describe('isEmail', () => {
  it.each(['admin@admin.com', 'first.last+tag@example.co.uk'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each(['', 'admin', 'admin@', '@admin.com', 'a b@c.com', 'admin@admin'])('refuses %o', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe('isEmail agrees with z.email()', () => {
  it.each([
    'admin@admin.com',
    'first.last+tag@example.co.uk',
    "o'hara@example.org",
    '.lead@example.com',
    'trail.@example.com',
    'two..dots@example.com',
    'a@b.c',
    'a@-b.com',
    'ünï@example.com',
    'a@example.com ',
  ])('%o', (value) => {
    expect(isEmail(value)).toBe(z.email().safeParse(value).success);
  });
});
