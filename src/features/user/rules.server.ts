import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { type PermissionRequest, parseRoles, userCan } from '@/features/auth/permissions';
import type { Database } from '@/server/db/client';
import { session, user } from '@/server/db/schema/index';
import { auditAdminChange } from './audit.server';
import {
  type AdminInput,
  type AdminPath,
  checkListUsersQuery,
  isAdminPath,
  isUnusableId,
  LIST_USERS_PATH,
  parseAdminBody,
} from './bodies.server';
import { type AuthHookContext, hookClientIp, type RouteRule } from '@/server/auth/hooks';

/** Where the before hook leaves what the after hook needs once the change has erased it. */
const ADMIN_STASH = 'adminAuditStash';

/** Facts read before an admin change: who acts, and the target as it was. */
export type AdminStash = {
  actorId: string;
  /** Set when the caller's session is an impersonation: the admin behind it. */
  impersonatedBy: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetRole: string | null;
};

type Permission = { need: PermissionRequest; code: string };
const may = (need: PermissionRequest, code: string): Permission => ({ need, code });

/** What the caller of each admin route must hold, and better-auth's code for a caller who does not. */
const PERMISSIONS: Record<AdminPath, Permission | null> = {
  '/admin/create-user': may({ user: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS'),
  '/admin/update-user': may({ user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS'),
  '/admin/set-role': may({ user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE'),
  '/admin/ban-user': may({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS'),
  '/admin/unban-user': may({ user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS'),
  '/admin/remove-user': may({ user: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS'),
  '/admin/impersonate-user': may({ user: ['impersonate'] }, 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS'),
  '/admin/revoke-user-session': may({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'),
  '/admin/revoke-user-sessions': may({ session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'),
  // Open to the impersonated session (a plain user): better-auth checks the admin cookie itself.
  '/admin/stop-impersonating': null,
};
const LIST_USERS = may({ user: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');

const SET_PASSWORD_PATH = '/admin/set-user-password';

type Status = 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND';
const refuse = (code: string, message: string, status: Status = 'BAD_REQUEST') =>
  new APIError(status, { code, message });

type Target = { id: string; name: string; email: string; role: string | null };

async function findTarget(db: Database, id: string | null): Promise<Target | undefined> {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/**
 * The product's rules on better-auth's admin routes, checked before better-auth runs them, and a note of
 * the target as it was for the audit entry. In order: a session (401), the route's permission (403, as
 * better-auth would answer), the body (400, bodies.server.ts), then the rules. better-auth checks its own,
 * looser body before its 401 and 403, with the validator's message; it never gets a body that fails here.
 */
/** Rules of other features an admin route also answers to, registered by src/server/auth/auth.ts. */
type AdminRuleExtras = {
  /** Before an account is removed (its permission and this feature's rules passed): may refuse. */
  beforeRemoveUser?: (userId: string) => Promise<void>;
};

async function adminBefore(
  ctx: AuthHookContext,
  db: Database,
  adminUserIds: readonly string[],
  extras: AdminRuleExtras,
) {
  // Password sign-in is off: a password set here could never be used, only leak.
  if (ctx.path === SET_PASSWORD_PATH) throw refuse('PASSWORDS_DISABLED', 'Password sign-in is disabled');
  if (ctx.path === LIST_USERS_PATH) {
    await requireCaller(ctx, LIST_USERS, adminUserIds);
    return checkListUsersQuery(ctx.query);
  }
  if (!isAdminPath(ctx.path)) return;
  const current = await requireCaller(ctx, PERMISSIONS[ctx.path], adminUserIds);
  const input = parseAdminBody(ctx.path, ctx.body);
  const self = current.user.id;
  const { targetId, extra } = await targetOf(db, input, self, current.session.id);
  const target = await findTarget(db, targetId);
  const changes = checkRules(input, { self, target, adminUserIds });
  if (input.path === '/admin/remove-user' && target) await extras.beforeRemoveUser?.(target.id);
  const stash: AdminStash = {
    actorId: self,
    impersonatedBy: current.session.impersonatedBy ?? null,
    targetId,
    targetLabel: target ? target.name || target.email : null,
    targetRole: target?.role ?? null,
  };
  // The checked body replaces what was sent (the same keys, normalised). The stash is a string, not an
  // object: better-auth merges this body over the caller's with `defu`.
  return {
    context: { body: { ...input.body, ...extra, ...changes, [ADMIN_STASH]: JSON.stringify(stash) } },
  };
}

/** The caller's session, when they hold `permission` (an `ADMIN_USER_IDS` user holds every one). */
async function requireCaller(
  ctx: AuthHookContext,
  permission: Permission | null,
  adminUserIds: readonly string[],
) {
  const current = await getSessionFromCtx(ctx);
  if (!current) throw new APIError('UNAUTHORIZED');
  if (permission && !userCan(current.user, permission.need, adminUserIds)) {
    throw refuse(permission.code, 'Not allowed', 'FORBIDDEN');
  }
  return current;
}

/** Whom a change is about, and what better-auth needs beyond the body to find it. */
async function targetOf(
  db: Database,
  input: AdminInput,
  self: string,
  currentSessionId: string,
): Promise<{ targetId: string | null; extra: Record<string, unknown> }> {
  switch (input.path) {
    case '/admin/create-user':
      return { targetId: null, extra: {} };
    case '/admin/stop-impersonating':
      return { targetId: self, extra: {} };
    case '/admin/revoke-user-session': {
      const revoked = await resolveSession(db, input.body, currentSessionId);
      return { targetId: revoked.userId, extra: { sessionToken: revoked.token, sessionId: revoked.id } };
    }
    default:
      if (isUnusableId(input.body.userId)) throw refuse('USER_NOT_FOUND', 'User not found', 'NOT_FOUND');
      return { targetId: input.body.userId, extra: {} };
  }
}

const hasAdminRole = (role: string | null) => parseRoles(role).includes('admin');

/** The product's rules on a checked request by a caller who holds its permission; what the body gains. */
function checkRules(input: AdminInput, who: Who): Record<string, unknown> {
  refuseActsOnSelf(input, who.self);
  refuseActsOnAdmins(input, who);
  if (input.path !== '/admin/create-user') return {};
  // Password sign-in is off: a password given here could never be used, only leak.
  if (input.body.password !== undefined) throw refuse('PASSWORDS_DISABLED', 'Password sign-in is disabled');
  // Onboarded now, by the server's clock, as named.
  return { data: { onboardedAt: new Date().toISOString() } };
}

type Who = { self: string; target: Target | undefined; adminUserIds: readonly string[] };

/** What an admin may not do to their own account: lose their role by mistake, or watch themself. */
function refuseActsOnSelf(input: AdminInput, self: string) {
  switch (input.path) {
    case '/admin/set-role':
      if (input.body.userId === self) throw ownRole();
      return;
    case '/admin/update-user':
      if (input.body.userId === self && input.body.data.role !== undefined) throw ownRole();
      return;
    case '/admin/impersonate-user':
      if (input.body.userId === self) {
        throw refuse('YOU_CANNOT_IMPERSONATE_YOURSELF', 'You cannot impersonate yourself');
      }
      return;
  }
}

/**
 * What an admin may not do to another admin: change their address (a way to sign in as them) or
 * impersonate them; and to a user listed in `ADMIN_USER_IDS`, whom only that user may change: ban, remove
 * or demote them (a role without admin, when they had it).
 */
function refuseActsOnAdmins(input: AdminInput, { self, target, adminUserIds }: Who) {
  if (!target || target.id === self) return;
  const listed = adminUserIds.includes(target.id);
  const admin = listed || hasAdminRole(target.role);
  const demotes = (names: readonly string[] | undefined) =>
    listed && names !== undefined && hasAdminRole(target.role) && !names.includes('admin');
  switch (input.path) {
    case '/admin/set-role':
      if (demotes(input.body.role)) throw protectedAdmin();
      return;
    case '/admin/update-user': {
      const { email, role } = input.body.data;
      if (admin && email !== undefined && email !== target.email) {
        throw refuse(
          'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL',
          "You cannot change another admin's email",
          'FORBIDDEN',
        );
      }
      if (demotes(role)) throw protectedAdmin();
      return;
    }
    case '/admin/ban-user':
    case '/admin/remove-user':
      if (listed) throw protectedAdmin();
      return;
    case '/admin/impersonate-user':
      // better-auth lets an `ADMIN_USER_IDS` caller impersonate admins (it passes every check); nobody may.
      if (admin) throw refuse('YOU_CANNOT_IMPERSONATE_ADMINS', 'You cannot impersonate admins', 'FORBIDDEN');
      return;
  }
}

const ownRole = () => refuse('YOU_CANNOT_CHANGE_YOUR_OWN_ROLE', 'You cannot change your own role');
const protectedAdmin = () =>
  refuse(
    'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN',
    'Only this admin can make this change to their own account',
    'FORBIDDEN',
  );

/**
 * better-auth revokes by token, which the screens never see: they name the session by id, and the token
 * is looked up here. The caller's own current session is refused: /sign-out ends that one.
 */
async function resolveSession(
  db: Database,
  body: { sessionId: string } | { sessionToken: string },
  currentId: string,
) {
  const key = 'sessionId' in body ? body.sessionId : body.sessionToken;
  const [row] = isUnusableId(key)
    ? []
    : await db
        .select({ id: session.id, token: session.token, userId: session.userId })
        .from(session)
        .where('sessionId' in body ? eq(session.id, key) : eq(session.token, key));
  if (!row) throw refuse('SESSION_NOT_FOUND', 'Session not found', 'NOT_FOUND');
  if (row.id === currentId) {
    throw refuse('YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION', 'Use sign-out to end your current session');
  }
  return row;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** Records every admin change that succeeded. */
async function adminAfter(ctx: AuthHookContext, db: Database) {
  if (!isAdminPath(ctx.path) || ctx.context.returned instanceof APIError) return;
  const stash = asRecord(ctx.body)[ADMIN_STASH];
  if (typeof stash !== 'string') return;
  await auditAdminChange(db, {
    path: ctx.path,
    // Written by `adminBefore` for this very request (it replaces whatever the caller sent).
    stash: JSON.parse(stash) as AdminStash,
    body: asRecord(ctx.body),
    returned: asRecord(ctx.context.returned),
    ip: hookClientIp(ctx),
  });
}

/** The rule of every /admin/* route (permission, body, target rules, then the audit entry). */
export const adminRule = (
  db: Database,
  adminUserIds: readonly string[],
  extras: AdminRuleExtras = {},
): RouteRule => ({
  before: (ctx) => adminBefore(ctx, db, adminUserIds, extras),
  after: (ctx) => adminAfter(ctx, db),
});
