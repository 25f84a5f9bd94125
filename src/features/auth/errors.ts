import type { TFunction } from 'i18next';

const CODE = /^[A-Z][A-Z0-9_]*$/;

type ErrorFields = { status?: unknown; code?: unknown; retryAfter?: unknown; banExpires?: unknown };

function fieldsOf(error: unknown): ErrorFields {
  return typeof error === 'object' && error !== null ? (error as ErrorFields) : {};
}

/** The error's code when it is one we may look up (`INVALID_OTP`…), else undefined. */
export function authErrorCode(error: unknown): string | undefined {
  const { code } = fieldsOf(error);
  return typeof code === 'string' && CODE.test(code) ? code : undefined;
}

/**
 * The visitor's message for a failed auth call (an `AuthError` from `authRequest`, or anything thrown).
 * 429 → "Too many attempts, try again in N seconds" (N from `X-Retry-After`, in minutes past 90 s); a ban with an end date says
 * until when; a known code → `auth:errors.<CODE>`; anything else → `common:errors.unknown`. Library text
 * (`message`) is never shown.
 */
export function translateAuthError(t: TFunction, error: unknown): string {
  const { status, retryAfter, banExpires } = fieldsOf(error);
  const code = authErrorCode(error);
  if (status === 429 || code === 'TOO_MANY_REQUESTS') {
    if (typeof retryAfter !== 'number' || !(retryAfter > 0)) return t('auth:errors.TOO_MANY_REQUESTS');
    // "3600 seconds" reads badly: past a minute and a half, count in minutes.
    return retryAfter > 90
      ? t('auth:rateLimit.retryInMinutes', { count: Math.ceil(retryAfter / 60) })
      : t('auth:rateLimit.retryIn', { count: Math.ceil(retryAfter) });
  }
  if (code === 'BANNED_USER' && typeof banExpires === 'string') {
    const date = new Date(banExpires);
    if (!Number.isNaN(date.getTime())) return t('auth:bannedUntil', { date });
  }
  const unknown = t('common:errors.unknown');
  return code ? t(`auth:errors.${code}`, { defaultValue: unknown }) : unknown;
}
