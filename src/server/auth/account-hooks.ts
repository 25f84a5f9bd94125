import '@tanstack/react-start/server-only';
// Account rules better-auth does not know about, kept out of auth.ts so its wiring stays readable:
// what /update-user accepts, who may delete themselves, and the change-of-address e-mails.
import { and, ne, or, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { zEmail, zOtp } from '@/features/auth/schema';
import { zUpdateUserBody } from '@/features/account/schema';
import { cleanName } from '@/lib/text';
import type { Database } from '@/server/db/client';
import { user } from '@/server/db/schema/index';

export const UPDATE_USER_PATH = '/update-user';

/**
 * /update-user stores whatever it is sent. The browser calls it directly (better-auth's client), so
 * the form's schema runs here too, before better-auth, and the stored name is the trimmed one. A
 * before hook rather than a server function of our own: the client keeps its built-in session refresh
 * and there is one endpoint to protect instead of two.
 */
export function validateUpdateUserBody(body: unknown): { name: string } {
  const parsed = zUpdateUserBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'name');
  throw new APIError('BAD_REQUEST', {
    code: nameIssue ? 'INVALID_NAME' : 'VALIDATION_ERROR',
    message: nameIssue ? 'Name is invalid' : 'Only the name can be changed here',
  });
}

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;

/**
 * An address from a request body, trimmed, lower-cased and at most `limits.emailMax` long (better-auth
 * checks only the format), or a refusal.
 */
export function parseEmailField(body: unknown, name: 'email' | 'newEmail'): string {
  const parsed = zEmail.safeParse(field(body, name));
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Email is invalid' });
  return parsed.data;
}

/** The new address of a change request, normalised as sign-in normalises it, or a refusal. */
export function parseNewEmail(body: unknown): string {
  return parseEmailField(body, 'newEmail');
}

/**
 * A code as the product makes them (digits, `otpLength` long), or a refusal with better-auth's own
 * code for a wrong one. Refused before better-auth compares it, so a malformed code costs no attempt.
 */
export function parseCodeField(body: unknown): string {
  const parsed = zOtp.safeParse(field(body, 'otp'));
  if (!parsed.success) throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });
  return parsed.data;
}

const zSignInBody = z.strictObject({ email: z.unknown(), otp: z.unknown() });

/**
 * /sign-in/email-otp as the product uses it: an address and a code, nothing else. better-auth would also
 * take a `name`, an `image` URL and any other field for the account it creates on a first sign-in when
 * sign-up is on; the product asks for the name at onboarding and never lets anyone set an image URL.
 * Extra fields are refused rather than dropped: a hook's body is merged over the caller's, so it cannot
 * remove one.
 */
export function parseSignInBody(body: unknown): { email: string; otp: string } {
  if (!zSignInBody.safeParse(body).success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: 'Only email and otp are accepted',
    });
  }
  return { email: parseEmailField(body, 'email'), otp: parseCodeField(body) };
}

/**
 * `databaseHooks.user.create.before` and `update.before`: whatever way a name reaches the user table (a
 * provider's profile on social sign-in, any better-auth route), it is stored cleaned and within
 * `limits.userNameMax`. The routes the product checks refuse a bad name before this; a provider's name is
 * cut instead, as refusing it would refuse the sign-in.
 */
export function cleanStoredUser<Data extends Record<string, unknown>>(
  data: Data,
): { data: Data } | undefined {
  if (typeof data.name !== 'string') return undefined;
  let name = '';
  // By code point, so an emoji at the limit is left out whole rather than cut in half.
  for (const char of cleanName(data.name)) {
    if (name.length + char.length > appConfig.limits.userNameMax) break;
    name += char;
  }
  return { data: { ...data, name: name.trim() } };
}

const hasAdminRole = sql`'admin' = any(string_to_array(coalesce(${user.role}, ''), ','))`;

/**
 * `user.deleteUser.beforeDelete`: an admin may not delete themselves while no other admin (by role or
 * `ADMIN_USER_IDS`, not banned) would remain, or nobody could administer the product any more. Two
 * last admins deleting themselves at the same instant could both pass; that needs two admins racing
 * to lock themselves out, and is accepted.
 */
export async function refuseLastAdminDeletion(
  db: Database,
  target: { id: string; role?: string | null },
  adminUserIds: readonly string[],
): Promise<void> {
  const roles = (target.role ?? '').split(',');
  if (!roles.includes('admin') && !adminUserIds.includes(target.id)) return;
  const isAdmin =
    adminUserIds.length > 0
      ? or(
          hasAdminRole,
          sql`${user.id} in (${sql.join(
            adminUserIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : hasAdminRole;
  const [other] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(ne(user.id, target.id), isAdmin, sql`${user.banned} is not true`))
    .limit(1);
  if (!other) {
    throw new APIError('BAD_REQUEST', {
      code: 'LAST_ADMIN',
      message: 'The last admin cannot delete their account',
    });
  }
}
