import '@tanstack/react-start/server-only';
// The sign-in routes' rules, registered with better-auth by src/server/auth/auth.ts.
import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { parseCodeField, parseEmailField } from '@/server/auth/body-fields';
import type { AuthHookContext } from '@/server/auth/hooks';

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
