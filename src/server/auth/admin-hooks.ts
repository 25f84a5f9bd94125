import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import { APIError, type createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { appConfig } from '~/app.config';
import { type PermissionRequest, roleCan } from '@/features/auth/permissions';
import { zEmail, zName } from '@/features/auth/schema';
import { cleanMultiline } from '@/lib/text';
import type { Database } from '@/server/db/client';
import { session, user } from '@/server/db/schema/index';
import { auditAdminChange } from './admin-audit';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where the before hook leaves what the after hook needs once the change has erased it. */
export const ADMIN_STASH = 'adminAuditStash';

/** Facts read before an admin change: who acts, and the target as it was. */
export type AdminStash = {
  actorId: string;
  /** Set when the caller's session is an impersonation: the admin behind it. */
  impersonatedBy: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetRole: string | null;
};

/** The admin routes that change something, and what the caller must hold to use each. */
const CHANGE_ROUTES: Record<string, PermissionRequest | null> = {
  '/admin/create-user': { user: ['create'] },
  '/admin/update-user': { user: ['update'] },
  '/admin/set-role': { user: ['set-role'] },
  '/admin/ban-user': { user: ['ban'] },
  '/admin/unban-user': { user: ['ban'] },
  '/admin/remove-user': { user: ['delete'] },
  '/admin/impersonate-user': { user: ['impersonate'] },
  '/admin/set-user-password': { user: ['set-password'] },
  '/admin/revoke-user-session': { session: ['revoke'] },
  '/admin/revoke-user-sessions': { session: ['revoke'] },
  // Open to the impersonated session (a plain user): better-auth checks the admin cookie itself.
  '/admin/stop-impersonating': null,
};

/** A ban lasts at most about a century; beyond that it is a permanent ban spelled oddly. */
export const MAX_BAN_SECONDS = Math.round(100 * 365.25 * 86_400);

const refuse = (code: string, message: string, status: 'BAD_REQUEST' | 'NOT_FOUND' = 'BAD_REQUEST') =>
  new APIError(status, { code, message });

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

async function findTarget(db: Database, id: unknown) {
  if (typeof id !== 'string' || !id) return undefined;
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/**
 * The product's rules on better-auth's admin routes, checked before better-auth runs them, and a note of
 * the target as it was for the audit entry. Rules apply only to a caller who holds the route's
 * permission, so everyone else still gets better-auth's own 403.
 */
export async function adminBefore(ctx: HookContext, db: Database, adminUserIds: readonly string[]) {
  if (!(ctx.path in CHANGE_ROUTES)) return;
  const current = await getSessionFromCtx(ctx);
  if (!current) return;
  const permission = CHANGE_ROUTES[ctx.path];
  const allowed =
    !permission || adminUserIds.includes(current.user.id) || roleCan(current.user.role, permission);
  if (!allowed) {
    // Screens name a session by id, which better-auth's body check would refuse before its own 403.
    if (ctx.path !== '/admin/revoke-user-session') return;
    throw new APIError('FORBIDDEN', {
      code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
      message: 'You are not allowed to revoke users sessions',
    });
  }
  const body = asRecord(ctx.body);
  refuseUnusableIds(body);
  const self = current.user.id;
  let changes: Record<string, unknown> = {};
  let targetId = typeof body.userId === 'string' ? body.userId : null;

  switch (ctx.path) {
    case '/admin/create-user':
      changes = checkNewUser(body);
      break;
    case '/admin/set-role':
      if (targetId === self)
        throw refuse('YOU_CANNOT_CHANGE_YOUR_OWN_ROLE', 'You cannot change your own role');
      break;
    case '/admin/update-user':
      if (targetId === self && 'role' in asRecord(body.data)) {
        throw refuse('YOU_CANNOT_CHANGE_YOUR_OWN_ROLE', 'You cannot change your own role');
      }
      changes = checkProfileUpdate(body);
      break;
    case '/admin/ban-user':
      changes = checkBan(body);
      break;
    case '/admin/impersonate-user':
      if (targetId === self)
        throw refuse('YOU_CANNOT_IMPERSONATE_YOURSELF', 'You cannot impersonate yourself');
      break;
    case '/admin/set-user-password':
      // Password sign-in is off: a password set here could never be used, only leak.
      throw refuse('PASSWORDS_DISABLED', 'Password sign-in is disabled');
    case '/admin/revoke-user-session': {
      const revoked = await resolveSession(db, body, current.session.id);
      targetId = revoked.userId;
      changes = { sessionToken: revoked.token, sessionId: revoked.id };
      break;
    }
    case '/admin/stop-impersonating':
      targetId = self;
      break;
  }

  const target = await findTarget(db, targetId);
  const stash: AdminStash = {
    actorId: self,
    impersonatedBy: current.session.impersonatedBy ?? null,
    targetId,
    targetLabel: target ? target.name || target.email : null,
    targetRole: target?.role ?? null,
  };
  // A string, not an object: better-auth merges this body over the caller's with `defu`, which would let
  // a caller-sent stash fill the fields left null here.
  return { context: { body: { ...body, ...changes, [ADMIN_STASH]: JSON.stringify(stash) } } };
}

/** Longer than any id or session token better-auth makes. */
const ID_MAX = 128;

/**
 * Ids and tokens are looked up as given, by better-auth and by these hooks: one with a control character
 * (Postgres refuses a NUL, a 500) or of any length cannot be one that exists, so it is not found.
 */
function refuseUnusableIds(body: Record<string, unknown>) {
  const unusable = (value: unknown) =>
    typeof value === 'string' && (value.length > ID_MAX || /\p{Cc}/u.test(value));
  if (unusable(body.userId)) throw refuse('USER_NOT_FOUND', 'User not found', 'NOT_FOUND');
  if (unusable(body.sessionId) || unusable(body.sessionToken)) {
    throw refuse('SESSION_NOT_FOUND', 'Session not found', 'NOT_FOUND');
  }
}

/**
 * better-auth writes an admin's `data` to the user row as given, and checks only the address's format:
 * the product decides which fields an admin may set, with the same name and e-mail rules as the forms.
 */
function checkFields(data: Record<string, unknown>, allowed: readonly string[]) {
  const unknown = Object.keys(data).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw refuse('INVALID_FIELDS', `Fields not allowed: ${unknown.join(', ')}`);
  if ('name' in data && !zName.safeParse(data.name).success) throw refuse('INVALID_NAME', 'Invalid name');
  if ('email' in data && !zEmail.safeParse(data.email).success)
    throw refuse('INVALID_EMAIL', 'Invalid email');
}

/**
 * A new user: a valid name and address, no password, nothing else in `data`; onboarded now, by the
 * server's clock, as named. better-auth checks only the address's format, not its length.
 */
function checkNewUser(body: Record<string, unknown>): Record<string, unknown> {
  // Password sign-in is off: a password given here could never be used, only leak.
  if (body.password !== undefined) throw refuse('PASSWORDS_DISABLED', 'Password sign-in is disabled');
  checkFields({ name: body.name, email: body.email }, ['name', 'email']);
  checkFields(asRecord(body.data), []);
  return {
    name: zName.parse(body.name),
    email: zEmail.parse(body.email),
    data: { onboardedAt: new Date().toISOString() },
  };
}

/** An update may change the name, the address and the role; each is checked like the forms check it. */
function checkProfileUpdate(body: Record<string, unknown>): Record<string, unknown> {
  const data = asRecord(body.data);
  checkFields(data, ['name', 'email', 'role']);
  return 'name' in data ? { data: { ...data, name: zName.parse(data.name) } } : {};
}

/**
 * The reason is limited and stored as cleaned (no controls, trimmed). A blank one stays a string:
 * better-auth merges a hook's body over the caller's and skips `undefined`, and stores its default
 * reason for an empty one, as it does when no reason is sent.
 */
function checkBan(body: Record<string, unknown>): Record<string, unknown> {
  // Anything but a string is better-auth's to refuse (its body schema wants one).
  const reason = typeof body.banReason === 'string' ? cleanMultiline(body.banReason) : undefined;
  if (reason !== undefined && reason.length > appConfig.limits.banReasonMax) {
    throw refuse('BAN_REASON_TOO_LONG', 'Ban reason too long');
  }
  const seconds = body.banExpiresIn;
  // better-auth reads 0 as "no end" and a negative number as a ban that has already ended.
  if (
    seconds !== undefined &&
    seconds !== null &&
    (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_BAN_SECONDS)
  ) {
    throw refuse('INVALID_BAN_DURATION', 'Invalid ban duration');
  }
  return reason === undefined ? {} : { banReason: reason };
}

/**
 * better-auth revokes by token, which the screens never see: they name the session by id, and the token
 * is looked up here. The caller's own current session is refused: /sign-out ends that one.
 */
async function resolveSession(db: Database, body: Record<string, unknown>, currentId: string) {
  const byId = typeof body.sessionId === 'string' && body.sessionId;
  const byToken = typeof body.sessionToken === 'string' && body.sessionToken;
  const where = byId ? eq(session.id, byId) : byToken ? eq(session.token, byToken) : undefined;
  const [row] = where
    ? await db
        .select({ id: session.id, token: session.token, userId: session.userId })
        .from(session)
        .where(where)
    : [];
  if (!row) throw refuse('SESSION_NOT_FOUND', 'Session not found', 'NOT_FOUND');
  if (row.id === currentId) {
    throw refuse('YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION', 'Use sign-out to end your current session');
  }
  return row;
}

/** Records every admin change that succeeded. */
export async function adminAfter(ctx: HookContext, db: Database) {
  if (!(ctx.path in CHANGE_ROUTES) || ctx.context.returned instanceof APIError) return;
  const stash = asRecord(ctx.body)[ADMIN_STASH];
  if (typeof stash !== 'string') return;
  await auditAdminChange(db, {
    path: ctx.path,
    // Written by `adminBefore` for this very request (it replaces whatever the caller sent).
    stash: JSON.parse(stash) as AdminStash,
    body: asRecord(ctx.body),
    returned: asRecord(ctx.context.returned),
    ip: ctx.headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || null,
  });
}
