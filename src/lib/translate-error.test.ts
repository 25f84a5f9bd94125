import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { failureCode, translateError } from './translate-error';

const { t } = createTestI18n();
const translate = (error: unknown) => translateError(t, error);

describe('translateError', () => {
  it('says how long to wait after a 429, from X-Retry-After', () => {
    expect(translate({ status: 429, retryAfter: 42 })).toBe('Too many attempts, try again in 42 seconds');
    expect(translate({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfter: 1 })).toBe(
      'Too many attempts, try again in 1 second',
    );
    expect(translate({ status: 429, retryAfter: 2.2 })).toBe('Too many attempts, try again in 3 seconds');
    expect(translate({ status: 429, retryAfter: 90 })).toBe('Too many attempts, try again in 90 seconds');
  });

  it('counts long waits in minutes', () => {
    expect(translate({ status: 429, retryAfter: 91 })).toBe('Too many attempts, try again in 2 minutes');
    expect(translate({ status: 429, retryAfter: 3412 })).toBe('Too many attempts, try again in 57 minutes');
  });

  it('still explains a 429 without a usable wait', () => {
    expect(translate({ status: 429 })).toBe('Too many attempts, please try again later');
    expect(translate({ status: 429, retryAfter: 'soon' })).toBe('Too many attempts, please try again later');
  });

  it('names the organizations an account deletion waits on, in the reader’s list style', () => {
    const code = 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER';
    expect(translate({ status: 400, code, organizations: ['Acme'] })).toBe(
      'You are the only owner of Acme. Make another member an owner, or delete the organization, first.',
    );
    expect(translate({ status: 400, code, organizations: ['Acme', 'Beta', 'Gamma'] })).toBe(
      'You are the only owner of Acme, Beta, and Gamma. Make another member an owner of each, or delete them, first.',
    );
    // Leaving an organization (no names): better-auth's own sentence.
    expect(translate({ status: 400, code })).toBe('You cannot leave the organization as the only owner');
  });

  it('translates the product and better-auth codes', () => {
    expect(translate({ status: 503, code: 'EMAIL_NOT_SENT' })).toBe(
      "We couldn't send the code, please try again",
    );
    expect(translate({ status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' })).toBe('Code is invalid');
    expect(translate({ status: 400, code: 'OTP_EXPIRED' })).toBe('The code has expired, request a new one');
    expect(translate({ status: 403, code: 'BANNED_USER' })).toBe(
      'You have been banned from this application',
    );
    expect(translate({ code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED' })).toBe(
      'Organization membership limit reached',
    );
  });

  it('says until when a ban lasts when the error tells', () => {
    const message = translate({ status: 403, code: 'BANNED_USER', banExpires: '2031-05-04T10:00:00.000Z' });
    expect(message).toMatch(/^You have been banned from this application until .*2031/);
    expect(translate({ code: 'BANNED_USER', banExpires: 'not a date' })).toBe(
      'You have been banned from this application',
    );
  });

  it.each([
    { status: 500, code: 'SOMETHING_NEW', message: 'Internal detail' },
    { status: 400, code: 'errors.INVALID_OTP' },
    { status: 400, code: 'invalid otp' },
    { status: 400, message: 'raw library text' },
    new Error('connect ECONNREFUSED'),
    null,
    undefined,
    'INVALID_OTP',
  ])('falls back to the generic message for %o, never raw text', (error) => {
    expect(translate(error)).toBe('Something went wrong');
  });
});

describe('failureCode', () => {
  it('reads only well-formed codes', () => {
    expect(failureCode({ code: 'INVALID_OTP' })).toBe('INVALID_OTP');
    expect(failureCode({ code: 'auth:errors.X' })).toBeUndefined();
    expect(failureCode({ code: 42 })).toBeUndefined();
    expect(failureCode(null)).toBeUndefined();
  });
});

describe("translateError with a screen's scopes", () => {
  it("prefers the screen's own wording, then the shared auth wording", () => {
    const scopes = ['user:ban.errors', 'user:errors'];
    expect(translateError(t, { status: 400, code: 'YOU_CANNOT_BAN_YOURSELF' }, scopes)).toBe(
      t('user:ban.errors.YOU_CANNOT_BAN_YOURSELF'),
    );
    expect(translateError(t, { status: 400, code: 'LAST_ADMIN' }, scopes)).toBe(t('user:errors.LAST_ADMIN'));
    expect(translateError(t, { status: 400, code: 'INVALID_OTP' }, scopes)).toBe('Code is invalid');
    expect(translateError(t, { status: 400, code: 'NEVER_HEARD_OF' }, scopes)).toBe('Something went wrong');
  });

  it('leaves a refusal of the read-only demo to the demo dialog', () => {
    expect(translateError(t, { status: 403, code: 'DEMO_MODE' }, ['account:errors'])).toBeNull();
    expect(translateError(t, new Error('DEMO_MODE'))).toBeNull();
  });

  it('says how long to wait on every screen', () => {
    expect(translateError(t, { status: 429, retryAfter: 30 }, ['account:errors'])).toBe(
      'Too many attempts, try again in 30 seconds',
    );
  });
});
