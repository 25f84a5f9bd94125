import type { TFunction } from 'i18next';
import { isDemoRefusal } from './errors';

// Apart from ./errors.ts, which the first download of every page carries (the query retry policy): only
// screens that show a failure fetch the translator.

const AUTH_CODE = /^[A-Z][A-Z0-9_]*$/;

type FailureFields = {
  status?: unknown;
  code?: unknown;
  retryAfter?: unknown;
  banExpires?: unknown;
  organizations?: unknown;
};

function fieldsOf(error: unknown): FailureFields {
  return typeof error === 'object' && error !== null ? (error as FailureFields) : {};
}

/** A failed auth call's code when it is one we may look up (`INVALID_OTP`…), else undefined. */
export function failureCode(error: unknown): string | undefined {
  const { code } = fieldsOf(error);
  return typeof code === 'string' && AUTH_CODE.test(code) ? code : undefined;
}

/**
 * The message for a failed call (an `AuthError` from `authRequest`, or anything thrown), the one
 * translator every screen uses:
 * - a refusal of the read-only demo → null: the demo dialog explains it;
 * - 429 → "Too many attempts, try again in N seconds" (N from `X-Retry-After`, in minutes past 90 s);
 * - a ban with an end date → until when;
 * - deleting the account of an organization's only owner → which organizations to hand over first;
 * - a code → the first of `<scope>.<CODE>` for the screen's `scopes` (e.g. `user:ban.errors`,
 *   `user:errors`), then `auth:errors.<CODE>`; anything else → `common:errors.unknown`.
 * Library text (`message`) is never shown.
 */
export function translateError(t: TFunction, error: unknown, scopes: readonly string[] = []): string | null {
  if (isDemoRefusal(error)) return null;
  const { status, retryAfter, banExpires } = fieldsOf(error);
  const code = failureCode(error);
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
  const organizations = soleOwnerOf(error);
  if (organizations) return t('auth:soleOwnerOf', { organizations, count: organizations.length });
  const unknown = t('common:errors.unknown');
  if (!code) return unknown;
  return [...scopes, 'auth:errors'].reduceRight<string>(
    (fallback, scope) => t(`${scope}.${code}`, { defaultValue: fallback }),
    unknown,
  );
}

/** The organizations an account deletion was refused for (its user is their only owner), if that is the refusal. */
function soleOwnerOf(error: unknown): string[] | undefined {
  const { organizations } = fieldsOf(error);
  if (failureCode(error) !== 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER') return undefined;
  if (!Array.isArray(organizations) || organizations.length === 0) return undefined;
  return organizations.every((name) => typeof name === 'string') ? organizations : undefined;
}
