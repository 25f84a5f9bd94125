import '@tanstack/react-start/server-only';
// Signing in and out in the audit log, as identity providers keep it: each sign-in with its method and
// whether the browser was new to the account, each sign-out, and wrong codes summed per address and hour.
// Registered with better-auth by src/server/auth/auth.ts.
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { recordAudit, recordCountedAudit } from '@/features/audit/record.server';
import { parseEmailField } from '@/server/auth/body-fields';
import { type AuthHookContext, hookClientIp } from '@/server/auth/hooks';
import type { QuotaStore } from '@/server/auth/quota-store';
import type { Database } from '@/server/db/client';
import { signInMethodOf } from './rules.server';

/** What the sign-in routes know of a sign-in beyond its session. */
export type SignInFacts = { newBrowser: boolean; signUp: boolean };

/** After any sign-in (a code, a passkey, a provider): `account.sign-in`, with its method and browser. */
export async function auditSignIn(ctx: AuthHookContext, facts: SignInFacts, db: Database): Promise<void> {
  const signedIn = ctx.context.newSession;
  if (!signedIn) return;
  const { user } = signedIn;
  await recordAudit(
    {
      actorUserId: user.id,
      action: 'account.sign-in',
      target: { type: 'user', id: user.id, label: user.name || user.email },
      metadata: { method: signInMethodOf(ctx), newBrowser: facts.newBrowser, signUp: facts.signUp },
      ip: hookClientIp(ctx),
    },
    db,
  );
}

/**
 * Before /sign-out (the session still exists): `account.sign-out`; an impersonation's is the admin's,
 * acting as the user.
 */
export async function auditSignOut(ctx: AuthHookContext, db: Database): Promise<void> {
  const current = await getSessionFromCtx(ctx);
  if (!current) return;
  const { user, session } = current;
  const label = user.name || user.email;
  const adminId = session.impersonatedBy;
  await recordAudit(
    {
      actorUserId: user.id,
      action: 'account.sign-out',
      target: { type: 'user', id: user.id, label },
      ip: hookClientIp(ctx),
      ...(adminId ? { actingAs: { adminId, userId: user.id, userLabel: label } } : {}),
    },
    db,
  );
}

/** The window wrong codes are summed over, per address. */
const REFUSED_CODES_WINDOW = { window: 3600, max: Number.MAX_SAFE_INTEGER };
/** better-auth's answers to a wrong code: the code itself, and the last try used up. */
const WRONG_CODE = new Set(['INVALID_OTP', 'TOO_MANY_ATTEMPTS']);

/**
 * After /sign-in/email-otp answered a wrong code: one `account.codes-refused` entry per address and hour,
 * its `count` the guesses so far; the account's, when the address has one (none is told to the caller).
 */
export async function auditRefusedCode(
  ctx: AuthHookContext,
  deps: { db: Database; quotaStore: QuotaStore },
): Promise<void> {
  const returned = ctx.context.returned;
  if (!(returned instanceof APIError) || !WRONG_CODE.has(String(returned.body?.code))) return;
  const email = parseEmailField(ctx.body, 'email');
  const { count } = await deps.quotaStore.add(`audit:codes-refused:${email}`, REFUSED_CODES_WINDOW, 1);
  const found = await ctx.context.internalAdapter.findUserByEmail(email);
  await recordCountedAudit(
    {
      actorUserId: null,
      action: 'account.codes-refused',
      target: { type: 'user', id: found?.user.id ?? null, label: email },
      ip: hookClientIp(ctx),
    },
    count,
    REFUSED_CODES_WINDOW.window,
    deps.db,
  );
}
