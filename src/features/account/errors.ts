import type { TFunction } from 'i18next';
import { isDemoRefusal } from '@/lib/errors';

type ErrorFields = { status?: unknown; code?: unknown };

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The error's code when it is one we may look up (`LAST_ADMIN`…), else undefined. */
export function accountErrorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as ErrorFields).code : undefined;
  return typeof code === 'string' && CODE.test(code) ? code : undefined;
}

/**
 * The message for a failed account call: the account screen's own wording for a code when it has one
 * (`account:errors.<CODE>`), else the shared auth wording, else "Something went wrong". Library text is
 * never shown. Null for a refusal of the read-only demo: the demo dialog explains that one.
 */
export function translateAccountError(t: TFunction, error: unknown): string | null {
  if (isDemoRefusal(error)) return null;
  const status = typeof error === 'object' && error !== null ? (error as ErrorFields).status : undefined;
  const code = status === 429 ? 'TOO_MANY_REQUESTS' : accountErrorCode(error);
  const unknown = t('common:errors.unknown');
  if (!code) return unknown;
  return t(`account:errors.${code}`, {
    defaultValue: t(`auth:errors.${code}`, { defaultValue: unknown }),
  });
}
