import '@tanstack/react-start/server-only';
// Account rules better-auth does not know about, kept out of auth.ts so its wiring stays readable:
// what /update-user accepts, who may delete themselves, and the change-of-address e-mails.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { zEmail } from '@/features/auth/schema';
import { zUpdateUserBody } from '@/features/account/schema';
import type { Database } from '@/server/db/client';
import { user } from '@/server/db/schema/index';

export const UPDATE_USER_PATH = '/update-user';
export const REQUEST_EMAIL_CHANGE_PATH = '/email-otp/request-email-change';
export const CHANGE_EMAIL_PATH = '/email-otp/change-email';

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

/** The new address of a change request, normalised as sign-in normalises it, or a refusal. */
export function parseNewEmail(body: unknown): string {
  const raw = typeof body === 'object' && body !== null && 'newEmail' in body ? body.newEmail : undefined;
  const parsed = zEmail.safeParse(raw);
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Email is invalid' });
  return parsed.data;
}

/**
 * better-auth answers a request for an address that already has an account with a silent success (no
 * code is sent), which leaves the user waiting for a mail that never comes. Signed-in users get a
 * clear refusal instead; the price is that a signed-in user can learn whether an address has an
 * account, as they could by trying to sign in with it while sign-up is off. The per-IP code limit
 * applies to this path too.
 */
export async function refuseTakenEmail(db: Database, email: string): Promise<void> {
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (taken) {
    throw new APIError('BAD_REQUEST', {
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'Email already in use',
    });
  }
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
