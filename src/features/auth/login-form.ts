import { appConfig } from '~/app.config';
import { isEmail } from '@/lib/email';

type EmailCheck = { email: string } | { error: 'validation.email.required' | 'validation.email.invalid' };

/**
 * `zEmail` (./schema.ts) as plain code, for the sign-in form: the first screen most visitors see would
 * otherwise download zod to check one address (docs/performance.md#zod-free-validators). Same steps, same
 * first message (an `auth` key): trimmed and lower-cased, then required, at most `emailMax` characters,
 * and an address.
 * login-form.test.ts checks it against zEmail. The address is checked again by the server anyway.
 */
export function checkLoginEmail(value: string): EmailCheck {
  const email = value.trim().toLowerCase();
  if (email.length < 1) return { error: 'validation.email.required' };
  if (email.length > appConfig.limits.emailMax || !isEmail(email))
    return { error: 'validation.email.invalid' };
  return { email };
}
