import type { TFunction } from 'i18next';
import { failureCode, translateError } from '@/lib/translate-error';

/** better-auth's answer when an address belongs to someone else (admin create and update). */
const EMAIL_TAKEN_CODE = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
/** The server's answer when the address being changed is another admin's (rules.server.ts). */
const ADMIN_EMAIL_CODE = 'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL';

/** What a save of the user form came to: done (then where to go), a refused field, or a form message. */
export type UserFormOutcome =
  | { status: 'saved'; next: () => void }
  | { status: 'fieldError'; field: 'name' | 'email'; message: string }
  | { status: 'error'; message: string | null };

/**
 * A refused save: a taken or invalid address, or another admin's, marks the e-mail field; anything else
 * shows above the buttons.
 */
export function formOutcomeOf(t: TFunction, error: unknown): UserFormOutcome {
  const code = failureCode(error);
  if (code === EMAIL_TAKEN_CODE) {
    return { status: 'fieldError', field: 'email', message: 'user:form.emailTaken' };
  }
  if (code === ADMIN_EMAIL_CODE) {
    return { status: 'fieldError', field: 'email', message: `user:errors.${ADMIN_EMAIL_CODE}` };
  }
  if (code === 'INVALID_EMAIL') {
    return { status: 'fieldError', field: 'email', message: 'validation.email.invalid' };
  }
  if (code === 'INVALID_NAME') {
    return { status: 'fieldError', field: 'name', message: 'validation.name.invalid' };
  }
  return { status: 'error', message: translateError(t, error, ['user:errors']) };
}
