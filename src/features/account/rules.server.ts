import '@tanstack/react-start/server-only';
// Account rules better-auth does not know about, kept out of auth.ts so its wiring stays readable:
// what /update-user accepts, who may delete themselves, and the change-of-address e-mails.
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { appConfig } from '~/app.config';
import { cleanName } from '@/lib/text';
import { parseCodeField, parseEmailField } from '@/server/auth/body-fields';
import { recordAudit } from '@/features/audit/record.server';
import { type AuthHookContext, hookClientIp, type RouteRule, withBody } from '@/server/auth/hooks';
import type { Database } from '@/server/db/client';
import { account, user } from '@/server/db/schema/index';
import { zUpdateUserBody } from './schema';

export const UPDATE_USER_PATH = '/update-user';
export const DELETE_USER_PATH = '/delete-user';
export const UNLINK_ACCOUNT_PATH = '/unlink-account';

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
  return parseEmailField(body, 'newEmail');
}

/**
 * /email-otp/request-email-change and, with `withCode`, /email-otp/change-email: better-auth checks the
 * address as typed; it continues with the trimmed, lower-cased one, and a malformed code costs no attempt.
 */
export function parseChangeEmailBody(body: Record<string, unknown> | undefined, withCode: boolean) {
  const newEmail = parseNewEmail(body);
  return { ...body, newEmail, ...(withCode ? { otp: parseCodeField(body) } : {}) };
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

/**
 * Confirming a new address: better-auth checks that nobody took it only once the code is right (before
 * that, the answer must not tell whether it has an account); that late refusal gets the product's code.
 * Otherwise the previous address hears about the change (`notify`).
 */
export async function afterChangeEmail(
  ctx: AuthHookContext,
  notify: (ctx: AuthHookContext) => Promise<void>,
): Promise<void> {
  const returned = ctx.context.returned;
  if (returned instanceof APIError && returned.body?.message === 'Email already in use') {
    throw new APIError('BAD_REQUEST', {
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'Email already in use',
    });
  }
  await notify(ctx);
}

/**
 * `databaseHooks.account.create.after`: a provider linked to an account that existed before this request
 * (a provider sign-in whose verified address matched it) is `account.link-provider`; the account a sign-up
 * creates with its user is not (`signUp`).
 */
export async function auditLinkedProvider(
  account: { userId: string; providerId: string },
  facts: { signUp: boolean; ip: string | null },
  db: Database,
): Promise<void> {
  if (facts.signUp) return;
  await recordAudit(
    {
      actorUserId: account.userId,
      action: 'account.link-provider',
      target: { type: 'user', id: account.userId },
      metadata: { provider: account.providerId },
      ip: facts.ip,
    },
    db,
  );
}

/** Where /unlink-account's `before` leaves the provider's id: the account row is gone after. */
const PROVIDER_STASH = 'unlinkedProviderStash';

/**
 * /unlink-account (`accountId`, the account row's id): `before` notes which provider it is, `after` records
 * `account.unlink-provider` with it once the account is gone.
 */
export function unlinkProviderRule(db: Database): RouteRule {
  return {
    before: async (ctx) => {
      const current = await getSessionFromCtx(ctx);
      const accountId = ctx.body?.accountId;
      if (!current || typeof accountId !== 'string') return;
      const [row] = await db
        .select({ providerId: account.providerId })
        .from(account)
        .where(and(eq(account.id, accountId), eq(account.userId, current.user.id)));
      return row ? withBody({ ...ctx.body, [PROVIDER_STASH]: row.providerId }) : undefined;
    },
    after: async (ctx) => {
      const current = ctx.context.session;
      const provider = ctx.body?.[PROVIDER_STASH];
      if (!current || ctx.context.returned instanceof Error || typeof provider !== 'string') return;
      const { user: owner } = current;
      await recordAudit(
        {
          actorUserId: owner.id,
          action: 'account.unlink-provider',
          target: { type: 'user', id: owner.id, label: owner.name || owner.email },
          metadata: { provider },
          ip: hookClientIp(ctx),
        },
        db,
      );
    },
  };
}
