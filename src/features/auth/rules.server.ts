import '@tanstack/react-start/server-only';
// The sign-in routes' rules, registered with better-auth by src/server/auth/auth.ts.
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { z } from 'zod';
import { parseCodeField, parseEmailField } from '@/server/auth/body-fields';
import type { AuthHookContext } from '@/server/auth/hooks';
import { authRoutePolicy } from '@/server/policy/auth-routes';
import { signedInRecently } from './recent-sign-in';

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
 * /email-otp/send-verification-otp as the product uses it: sign-in codes only (other code types have no
 * screen and no cleanup path), to an address within the length limit, normalised (better-auth checks the
 * format only).
 */
export function parseSendCodeBody(body: Record<string, unknown> | undefined): Record<string, unknown> {
  if (body?.type !== 'sign-in') {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP_TYPE', message: 'Invalid OTP type' });
  }
  return { ...body, email: parseEmailField(body, 'email') };
}

/**
 * better-auth refuses a banned user with a bare BANNED_USER; the answer gains the ban's end (ISO
 * 8601) so the screen can say until when. Permanent bans stay as they are.
 */
export async function explainBan(ctx: AuthHookContext) {
  const returned = ctx.context.returned;
  if (!(returned instanceof APIError) || returned.body?.code !== 'BANNED_USER') return;
  const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
  const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
  const banExpires = (found?.user as { banExpires?: Date | string | null } | undefined)?.banExpires;
  if (!banExpires) return;
  throw new APIError('FORBIDDEN', {
    code: 'BANNED_USER',
    message: returned.body?.message ?? 'Banned',
    banExpires: new Date(banExpires).toISOString(),
  });
}

/**
 * How a session being created signs in, stored on it for the sessions lists: a code, a passkey or a
 * provider's id (its callback); null for sessions no sign-in route makes (impersonation, tests).
 */
export function signInMethodOf(ctx: AuthHookContext | null | undefined): string | null {
  if (!ctx) return null;
  if (ctx.path === '/sign-in/email-otp') return 'code';
  if (ctx.path === '/passkey/verify-authentication') return 'passkey';
  const provider: unknown = ctx.params?.id;
  return ctx.path === '/callback/:id' && typeof provider === 'string' ? provider : null;
}

/**
 * A `before` rule for every route: one the policy table marks `recentSignIn` is refused with
 * SESSION_NOT_FRESH when the caller signed in longer ago than `auth.recentSignInMinutes`. Without a
 * session it lets better-auth answer as it does.
 */
export async function requireRecentSignIn(ctx: AuthHookContext): Promise<void> {
  if (!authRoutePolicy(ctx.path)?.recentSignIn) return;
  const found = await getSessionFromCtx(ctx);
  if (found && !signedInRecently(found.session.createdAt)) {
    // The refusal the screens turn into "confirm it's you" (a fresh code), then retry the action.
    throw new APIError('FORBIDDEN', { code: 'SESSION_NOT_FRESH', message: 'Confirm it is you' });
  }
}

/**
 * After a sign-in (a code or a passkey) in a browser that was already signed in as the same user (the
 * "confirm it's you" step): the new session replaces the old one instead of leaving it in the sessions
 * list. A browser signed in as someone else keeps that other session (it is theirs to end).
 */
export async function replacePreviousSession(ctx: AuthHookContext): Promise<void> {
  const returned = ctx.context.returned;
  if (returned instanceof Error || typeof returned !== 'object' || returned === null) return;
  // The sign-in's answer: `{ token, user }` (a code) or `{ session, user }` (a passkey).
  const answer = returned as { token?: unknown; session?: { token?: unknown }; user?: { id?: unknown } };
  const freshToken = answer.token ?? answer.session?.token;
  const userId = answer.user?.id;
  if (typeof freshToken !== 'string' || typeof userId !== 'string') return;
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (!token || token === freshToken) return;
  const previous = await ctx.context.internalAdapter.findSession(token);
  if (previous?.session.userId === userId) await ctx.context.internalAdapter.deleteSession(token);
}
