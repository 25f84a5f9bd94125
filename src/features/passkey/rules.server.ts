import '@tanstack/react-start/server-only';
// Passkeys (better-auth's passkey plugin) with the product's options and route rules, registered by
// src/server/auth/auth.ts.
import { getAuthenticatorName, passkey } from '@better-auth/passkey';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { z } from 'zod';
import { appConfig } from '~/app.config';
import { recordAudit } from '@/features/audit/record.server';
import { type AuthHookContext, hookClientIp, type RouteRule, withBody } from '@/server/auth/hooks';
import type { Database } from '@/server/db/client';
import { findPasskeyNameOf, findPasskeyOwner, findPasskeyOwnerBan, markPasskeyUsed } from './data.server';
import { zPasskeyName } from './schema';

const VERIFY_REGISTRATION_PATH = '/passkey/verify-registration';
const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';
const RENAME_PASSKEY_PATH = '/passkey/update-passkey';
const DELETE_PASSKEY_PATH = '/passkey/delete-passkey';
/** Where the delete route's `before` leaves the passkey's name for its audit entry (the row is gone after). */
const NAME_STASH = 'passkeyNameStash';

/**
 * better-auth's passkey plugin for this deployment: the relying party is the host of `BETTER_AUTH_URL`
 * and only its origin may register or sign in, so a passkey made for one public address does not work
 * on another (README, "Passkeys"). A passkey without a name is named after its authenticator when its
 * AAGUID is a known one ("iCloud Keychain", "Google Password Manager").
 */
export function passkeyPlugin(deps: { baseURL: string }) {
  const url = new URL(deps.baseURL);
  return passkey({
    rpID: url.hostname,
    rpName: appConfig.name,
    origin: url.origin,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    registration: {
      afterVerification: ({ verification }) => {
        const name = getAuthenticatorName(verification.registrationInfo?.aaguid);
        return name ? { name } : undefined;
      },
    },
  });
}

function refuseName(): never {
  throw new APIError('BAD_REQUEST', { code: 'INVALID_PASSKEY_NAME', message: 'Passkey name is invalid' });
}

const zRegistrationBody = z.strictObject({
  response: z.record(z.string(), z.unknown()),
  name: z.unknown().optional(),
});

/** An owner's change to their own passkeys, in the audit log (an admin's removal is `user.remove-passkey`). */
async function auditOwnPasskey(
  ctx: AuthHookContext,
  action: 'account.add-passkey' | 'account.rename-passkey' | 'account.remove-passkey',
  name: unknown,
  db: Database,
): Promise<void> {
  const current = ctx.context.session;
  if (!current || ctx.context.returned instanceof Error) return;
  const { user } = current;
  await recordAudit(
    {
      actorUserId: user.id,
      action,
      target: { type: 'user', id: user.id, label: user.name || user.email },
      metadata: { passkey: typeof name === 'string' ? name : null },
      ip: hookClientIp(ctx),
    },
    db,
  );
}

/**
 * The passkey routes' rules: a name is the product's (trimmed, 1–60 characters) whichever client sends
 * it, registration never opens a second session (`createSession`), a sign-in marks when the passkey was
 * last used, and an owner's additions, renames and removals are audited.
 */
export function passkeyRouteRules(db: Database): Record<string, RouteRule> {
  return {
    [VERIFY_REGISTRATION_PATH]: {
      before: (ctx) => {
        const parsed = zRegistrationBody.safeParse(ctx.body);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: 'Invalid passkey' });
        }
        const { name, response } = parsed.data;
        if (name === undefined || name === '') return withBody({ response });
        const checked = zPasskeyName.safeParse(name);
        return withBody({ response, name: checked.success ? checked.data : refuseName() });
      },
      after: (ctx) => {
        // The stored passkey: its name, the one given or the authenticator's.
        const stored = ctx.context.returned as { name?: unknown } | null;
        return auditOwnPasskey(ctx, 'account.add-passkey', stored?.name, db);
      },
    },
    [RENAME_PASSKEY_PATH]: {
      before: (ctx) => {
        const checked = zPasskeyName.safeParse(ctx.body?.name);
        return withBody({ ...ctx.body, name: checked.success ? checked.data : refuseName() });
      },
      after: (ctx) => auditOwnPasskey(ctx, 'account.rename-passkey', ctx.body?.name, db),
    },
    [DELETE_PASSKEY_PATH]: {
      before: async (ctx) => {
        const current = await getSessionFromCtx(ctx);
        const id = ctx.body?.id;
        if (!current || typeof id !== 'string') return;
        const found = await findPasskeyNameOf(current.user.id, id, db);
        return withBody({ ...ctx.body, [NAME_STASH]: found?.name ?? null });
      },
      after: (ctx) => auditOwnPasskey(ctx, 'account.remove-passkey', ctx.body?.[NAME_STASH], db),
    },
    [PASSKEY_SIGN_IN_PATH]: {
      // A browser already signed in uses a passkey to confirm it is its user ("confirm it's you"): a key
      // of another account is refused before it could switch the browser to that account.
      before: async (ctx: AuthHookContext) => {
        const answer = (ctx.body?.response ?? {}) as { id?: unknown };
        if (typeof answer.id !== 'string') return;
        const current = await getSessionFromCtx(ctx);
        if (!current) return;
        const owner = await findPasskeyOwner(answer.id, db);
        if (owner && owner !== current.user.id) {
          throw new APIError('FORBIDDEN', {
            code: 'PASSKEY_OF_ANOTHER_ACCOUNT',
            message: 'This passkey belongs to another account',
          });
        }
      },
      after: async (ctx: AuthHookContext) => {
        const answer = (ctx.body?.response ?? {}) as { id?: unknown };
        const returned = ctx.context.returned;
        if (typeof answer.id !== 'string') return;
        if (!(returned instanceof Error)) return markPasskeyUsed(answer.id, db);
        // A banned owner's key answered rightly and the session was refused: say until when, as for a code.
        if (!(returned instanceof APIError) || returned.body?.code !== 'BANNED_USER') return;
        const ban = await findPasskeyOwnerBan(answer.id, db);
        if (!ban?.banExpires) return;
        throw new APIError('FORBIDDEN', {
          code: 'BANNED_USER',
          message: returned.body?.message ?? 'Banned',
          banExpires: ban.banExpires.toISOString(),
        });
      },
    },
  };
}
