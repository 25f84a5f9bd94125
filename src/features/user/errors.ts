import type { TFunction } from 'i18next';
import type { AuthError } from '@/lib/auth-client';
import { isDemoRefusal } from '@/lib/errors';

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** better-auth's answer when an address belongs to someone else (admin create and update). */
export const EMAIL_TAKEN_CODE = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
/** The server's answer when the address being changed is another admin's (admin-hooks.ts). */
export const ADMIN_EMAIL_CODE = 'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL';

/**
 * The message for a failed user-administration call: `user:errors.<CODE>` when the screen has its own
 * wording, else the shared auth wording, else "Something went wrong". Library text is never shown. Null
 * for a refusal of the read-only demo: the demo dialog explains that one.
 */
export function translateUserError(t: TFunction, error: AuthError): string | null {
  if (isDemoRefusal(error)) return null;
  const code = error.status === 429 ? 'TOO_MANY_REQUESTS' : error.code;
  const unknown = t('common:errors.unknown');
  if (!code || !CODE.test(code)) return unknown;
  return t(`user:errors.${code}`, { defaultValue: t(`auth:errors.${code}`, { defaultValue: unknown }) });
}

/** What a save of the user form came to: done (then where to go), a refused field, or a form message. */
export type UserFormOutcome =
  | { status: 'saved'; next: () => void }
  | { status: 'fieldError'; field: 'name' | 'email'; message: string }
  | { status: 'error'; message: string | null };

/**
 * A refused save: a taken or invalid address, or another admin's, marks the e-mail field; anything else
 * shows above the buttons.
 */
export function formOutcomeOf(t: TFunction, error: AuthError): UserFormOutcome {
  if (error.code === EMAIL_TAKEN_CODE) {
    return { status: 'fieldError', field: 'email', message: 'user:form.emailTaken' };
  }
  if (error.code === ADMIN_EMAIL_CODE) {
    return { status: 'fieldError', field: 'email', message: `user:errors.${ADMIN_EMAIL_CODE}` };
  }
  if (error.code === 'INVALID_EMAIL') {
    return { status: 'fieldError', field: 'email', message: 'validation.email.invalid' };
  }
  if (error.code === 'INVALID_NAME') {
    return { status: 'fieldError', field: 'name', message: 'validation.name.invalid' };
  }
  return { status: 'error', message: translateUserError(t, error) };
}
