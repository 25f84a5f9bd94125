import { APIError } from 'better-auth/api';
import { describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { cleanStoredUser, parseNewEmail, validateUpdateUserBody } from './rules.server';
import { parseSignInBody } from '@/features/auth/rules.server';
import { parseCodeField, parseEmailField } from '@/server/auth/body-fields';

/** The better-auth error code a call is refused with, or null when it passes. */
function refusal(call: () => unknown): string | null {
  try {
    call();
    return null;
  } catch (error) {
    if (error instanceof APIError) return String(error.body?.code);
    throw error;
  }
}

const longAddress = `${'a'.repeat(appConfig.limits.emailMax)}@example.com`;
/** A well-formed code of the configured length ("123456" at six digits). */
const code = Array.from({ length: appConfig.auth.otpLength }, (_, i) => (i + 1) % 10).join('');

describe('/update-user body', () => {
  it('stores the name cleaned of direction controls and invisible characters', () => {
    expect(validateUpdateUserBody({ name: ' \u202EAda\u200B \u2066Lovelace\u2069 ' })).toEqual({
      name: 'Ada Lovelace',
    });
  });

  it('refuses a name of only invisible characters, an overlong one, and any other field', () => {
    expect(refusal(() => validateUpdateUserBody({ name: '\u200B\u202E\uFEFF' }))).toBe('INVALID_NAME');
    expect(
      refusal(() => validateUpdateUserBody({ name: 'n'.repeat(appConfig.limits.userNameMax + 1) })),
    ).toBe('INVALID_NAME');
    expect(refusal(() => validateUpdateUserBody({ name: 'Ada', image: 'https://x.example/a.png' }))).toBe(
      'VALIDATION_ERROR',
    );
  });
});

describe('addresses in code and sign-in requests', () => {
  it('are trimmed, lower-cased and at most the configured length', () => {
    expect(parseEmailField({ email: ' Ada@Example.COM ' }, 'email')).toBe('ada@example.com');
    expect(parseNewEmail({ newEmail: 'New@Example.com' })).toBe('new@example.com');
    expect(refusal(() => parseEmailField({ email: longAddress }, 'email'))).toBe('INVALID_EMAIL');
    expect(refusal(() => parseNewEmail({ newEmail: longAddress }))).toBe('INVALID_EMAIL');
    expect(refusal(() => parseEmailField({}, 'email'))).toBe('INVALID_EMAIL');
    expect(refusal(() => parseEmailField({ email: 42 }, 'email'))).toBe('INVALID_EMAIL');
  });
});

describe('codes', () => {
  it('are refused unless they have the shape of a code the product sends', () => {
    expect(parseCodeField({ otp: code })).toBe(code);
    for (const otp of [
      code.slice(0, -1),
      `${code}7`,
      `${code.slice(0, -1)}a`,
      '1'.repeat(100_000),
      undefined,
      Number(code),
    ]) {
      expect(
        refusal(() => parseCodeField({ otp })),
        String(otp).slice(0, 10),
      ).toBe('INVALID_OTP');
    }
  });
});

describe('/sign-in/email-otp body', () => {
  it('is an address and a code', () => {
    expect(parseSignInBody({ email: 'Ada@Example.com', otp: code })).toEqual({
      email: 'ada@example.com',
      otp: code,
    });
  });

  it('refuses the name, image or any other field a first sign-in would store', () => {
    for (const extra of [
      { name: '\u202Enimda' },
      { image: 'https://tracker.example/pixel.gif' },
      { onboardedAt: '2000-01-01' },
    ]) {
      expect(refusal(() => parseSignInBody({ email: 'ada@example.com', otp: code, ...extra }))).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect(refusal(() => parseSignInBody({ email: longAddress, otp: code }))).toBe('INVALID_EMAIL');
    expect(refusal(() => parseSignInBody({ email: 'ada@example.com', otp: 'x'.repeat(1000) }))).toBe(
      'INVALID_OTP',
    );
  });
});

describe('names written to the user table', () => {
  it('are cleaned, and cut to the configured length rather than refused', () => {
    expect(cleanStoredUser({ name: '\u202EAda\u200B', email: 'a@b.co' })).toEqual({
      data: { name: 'Ada', email: 'a@b.co' },
    });
    const max = appConfig.limits.userNameMax;
    expect(cleanStoredUser({ name: 'n'.repeat(max + 50) })?.data.name).toBe('n'.repeat(max));
    // An emoji (two UTF-16 units) that would straddle the limit is left out whole.
    expect(cleanStoredUser({ name: `${'n'.repeat(max - 1)}😀` })?.data.name).toBe('n'.repeat(max - 1));
  });

  it('leave a write without a name alone', () => {
    expect(cleanStoredUser({ banned: true })).toBeUndefined();
  });
});
