import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { zEmail, zName, zOnboardingForm, zOtp } from './schema';

/** The message a form shows for a value (an `auth` translation key), or null when it passes. */
function message(schema: typeof zName | typeof zEmail | typeof zOtp, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('zName', () => {
  it('is at most the configured length, with the message the forms show', () => {
    const max = appConfig.limits.userNameMax;
    expect(zName.parse('n'.repeat(max))).toBe('n'.repeat(max));
    expect(message(zName, 'n'.repeat(max + 1))).toBe('validation.name.invalid');
    expect(message(zName, 'n'.repeat(100_000))).toBe('validation.name.invalid');
  });

  it('comes out without direction controls or invisible characters', () => {
    expect(zName.parse('  Ada\u202E Lovelace\u200B ')).toBe('Ada Lovelace');
    expect(zName.parse('\u2066Grace\u2069 \u200EHopper\u200F\uFEFF')).toBe('Grace Hopper');
    expect(zName.parse('Ad\u200Dmin')).toBe('Admin');
    expect(zName.parse('Ada\u0000\nLovelace')).toBe('Ada Lovelace');
  });

  it('keeps the joiners Persian spelling and emoji need', () => {
    expect(zName.parse('مریم می\u200Cخواهد')).toBe('مریم می\u200Cخواهد');
    expect(zName.parse('Sam 👩\u200D💻')).toBe('Sam 👩\u200D💻');
  });

  it('is required when made only of invisible characters', () => {
    for (const value of [
      '',
      '   ',
      '\u200B',
      '\u202E\u202C',
      '\u2066\u2069\u200E\u200F\u061C',
      '\u200D\u200C',
      '\uFEFF\u2060',
    ]) {
      expect(message(zName, value), JSON.stringify(value)).toBe('validation.name.required');
    }
    expect(zOnboardingForm.safeParse({ name: '\u200B\u200B' }).success).toBe(false);
  });

  it('checks the length of the cleaned name', () => {
    const max = appConfig.limits.userNameMax;
    expect(zName.parse(`${'n'.repeat(max)}${'\u200B'.repeat(50)}`)).toBe('n'.repeat(max));
  });
});

describe('zEmail', () => {
  it('is at most the configured length, with the message the forms show', () => {
    const domain = '@example.com';
    const longest = `${'a'.repeat(appConfig.limits.emailMax - domain.length)}${domain}`;
    expect(zEmail.parse(longest)).toBe(longest);
    expect(message(zEmail, `a${longest}`)).toBe('validation.email.invalid');
  });

  it('refuses direction controls and invisible characters instead of storing them', () => {
    expect(message(zEmail, 'ad\u202Emin@example.com')).toBe('validation.email.invalid');
    expect(message(zEmail, 'admin\u200B@example.com')).toBe('validation.email.invalid');
  });
});

describe('zOtp', () => {
  it('is exactly the configured number of digits', () => {
    const { otpLength } = appConfig.auth;
    // "123456" at six digits.
    const code = Array.from({ length: otpLength }, (_, i) => (i + 1) % 10).join('');
    expect(zOtp.parse(` ${code} `)).toBe(code);
    expect(message(zOtp, '1'.repeat(otpLength + 1))).toBe('validation.code.length');
    expect(message(zOtp, `${code.slice(0, -1)}a`)).toBe('validation.code.invalid');
  });
});
