import '@tanstack/react-start/server-only';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { getSessionCookie } from 'better-auth/cookies';
import { appConfig } from '~/app.config';
import { recordAudit } from '@/features/audit/record.server';
import { ORGANIZATION_AUDITED_PATHS } from '@/features/organization/audit.server';
import type { AuditAction, AuditMetadata } from '@/features/audit/schema';
import type { Database } from '@/server/db/client';
import { authRoutePolicy } from '@/server/policy/auth-routes';
import { type AuthHookContext, hookClientIp } from './hooks';

// Impersonation is for looking, not for taking over (docs/decisions/017-impersonation-limits.md): an admin
// signed in as a user cannot remove the account or move it to another address, every change they make is
// the admin's in the audit log, and the hour is counted on the server from the session row.

/** What the rules read of a session row. */
export type SessionFacts = { createdAt: Date | string; impersonatedBy?: string | null };

const LIMIT_MS = appConfig.auth.impersonationMaxMinutes * 60_000;

/** Account changes the product offers, and the audit action each is recorded as. */
const CHANGE_ACTIONS: Record<string, AuditAction> = {
  '/update-user': 'user.update',
  '/revoke-session': 'session.revoke',
  '/revoke-sessions': 'session.revoke-all',
  '/revoke-other-sessions': 'session.revoke-others',
};

/**
 * Routes that change nothing of the user's, or whose entries are written elsewhere (the admin routes,
 * stopping the impersonation included, and the organization changes). Any other route that answers a
 * POST is recorded as `account.change`, so a route opened later is not a way around the log.
 */
const NOT_CHANGES = [
  '/get-session',
  '/sign-out',
  '/sign-in/',
  '/email-otp/send-verification-otp',
  '/admin/',
  ...ORGANIZATION_AUDITED_PATHS,
];

/** When an impersonation session stops being accepted: its creation plus the limit. None for a user's own. */
function impersonationEnd(session: SessionFacts): Date | undefined {
  if (!session.impersonatedBy) return undefined;
  return new Date(new Date(session.createdAt).getTime() + LIMIT_MS);
}

/** True for an impersonation session past its limit, whatever its stored expiry says. */
function isImpersonationOver(session: SessionFacts, now = Date.now()): boolean {
  const end = impersonationEnd(session);
  return end !== undefined && end.getTime() <= now;
}

/**
 * A session check's answer, or null when it is an impersonation past its limit. The limit is counted from
 * the row's creation, so neither a dropped "don't remember me" cookie nor an expiry stored before this rule
 * keeps it alive.
 */
export function withinImpersonationLimit<T extends { session: SessionFacts } | null>(answer: T): T | null {
  return answer && isImpersonationOver(answer.session) ? null : answer;
}

/**
 * For `databaseHooks.session.update.before`: better-auth slides a session's expiry on use (a week, unless
 * the "don't remember me" cookie is sent); an impersonation's never goes past its end. `session` is the
 * session better-auth is refreshing (`ctx.context.session.session`).
 */
function capImpersonationExpiry<T extends Record<string, unknown>>(
  data: T,
  session: SessionFacts | null | undefined,
): { data: T } | undefined {
  const end = session ? impersonationEnd(session) : undefined;
  if (!end || !(data.expiresAt instanceof Date) || data.expiresAt <= end) return undefined;
  return { data: { ...data, expiresAt: end } };
}

/**
 * For the `before` hook of every auth route: an impersonation past its limit is ended (its row deleted,
 * 401), and a live one is refused (403 NOT_WHILE_IMPERSONATING) every route the policy table marks
 * `impersonation: 'refused'`, and any route it does not list (only server code could call one). The
 * session read here is the one the route then uses. /get-session reads it itself (see
 * `impersonationAnswer`), and signing out always works.
 */
export async function guardImpersonation(ctx: AuthHookContext): Promise<void> {
  if (ctx.path === '/get-session' || ctx.path === '/sign-out') return;
  if (!ctx.headers || !getSessionCookie(ctx.headers)) return;
  const current = await getSessionFromCtx(ctx);
  const session = current?.session;
  if (!session?.impersonatedBy) return;
  if (isImpersonationOver(session)) {
    await ctx.context.internalAdapter.deleteSession(session.token);
    ctx.context.session = null;
    throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' });
  }
  if (authRoutePolicy(ctx.path)?.impersonation !== 'allowed') {
    throw new APIError('FORBIDDEN', {
      code: 'NOT_WHILE_IMPERSONATING',
      message: 'Not allowed while signed in as another user',
    });
  }
}

/**
 * For the `after` hook of /get-session: no session for an impersonation past its limit (better-auth
 * itself only looks at the stored expiry). Undefined when the answer stands.
 */
export function impersonationAnswer(ctx: AuthHookContext): null | undefined {
  if (ctx.path !== '/get-session') return undefined;
  const returned = ctx.context.returned as { session?: SessionFacts } | null | undefined;
  return returned?.session && isImpersonationOver(returned.session) ? null : undefined;
}

/**
 * For the `after` hook of every auth route: a change an impersonation session made is recorded as the
 * admin's, acting as the user. A user's own changes are recorded as before (not at all for these routes).
 */
export async function auditImpersonatedChange(ctx: AuthHookContext, db: Database): Promise<void> {
  const current = ctx.context.session;
  const adminId = current?.session.impersonatedBy;
  if (!current || typeof adminId !== 'string' || !adminId) return;
  if (ctx.request?.method !== 'POST' || ctx.context.returned instanceof APIError) return;
  if (NOT_CHANGES.some((path) => ctx.path === path || (path.endsWith('/') && ctx.path.startsWith(path)))) {
    return;
  }
  const { user } = current;
  const action = CHANGE_ACTIONS[ctx.path] ?? 'account.change';
  const body = typeof ctx.body === 'object' && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {};
  let label = user.name || user.email;
  let metadata: AuditMetadata = {};
  if (action === 'user.update') {
    metadata = { fields: Object.keys(body).sort().join(',') };
    if (typeof body.name === 'string') label = body.name;
  } else if (action === 'account.change') {
    metadata = { route: ctx.path };
  }
  await recordAudit(
    {
      actorUserId: adminId,
      action,
      target: { type: 'user', id: user.id, label },
      metadata,
      ip: hookClientIp(ctx),
      actingAs: { adminId, userId: user.id, userLabel: user.name || user.email },
    },
    db,
  );
}

/**
 * `databaseHooks.session.update.before`: better-auth slides `expiresAt` on use; it never goes past the
 * session's creation + the absolute maximum (`sessionMaxAgeDays`), nor an impersonation past its end.
 * `session` is the session better-auth is refreshing.
 */
export function clampSessionExpiry<T extends Record<string, unknown>>(
  data: T,
  session: SessionFacts | null | undefined,
): { data: T } | undefined {
  const impersonation = capImpersonationExpiry(data, session);
  if (impersonation) return impersonation;
  if (!session?.createdAt || !(data.expiresAt instanceof Date)) return undefined;
  const latest = new Date(
    new Date(session.createdAt).getTime() + appConfig.auth.sessionMaxAgeDays * 86_400_000,
  );
  return data.expiresAt > latest ? { data: { ...data, expiresAt: latest } } : undefined;
}
