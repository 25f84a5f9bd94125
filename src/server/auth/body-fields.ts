import '@tanstack/react-start/server-only';
// Reading fields of an auth route's body the way the product's screens send them; the features' rules
// (each feature's rules.server.ts) refuse with better-auth's own codes through these.
import { APIError } from 'better-auth/api';
import { zEmail, zOtp } from '@/features/auth/schema';

const bodyField = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;

/**
 * An address from a request body, trimmed, lower-cased and at most `limits.emailMax` long (better-auth
 * checks only the format), or a refusal.
 */
export function parseEmailField(body: unknown, name: 'email' | 'newEmail'): string {
  const parsed = zEmail.safeParse(bodyField(body, name));
  if (!parsed.success)
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Email is invalid' });
  return parsed.data;
}

/**
 * A code as the product makes them (digits, `otpLength` long), or a refusal with better-auth's own
 * code for a wrong one. Refused before better-auth compares it, so a malformed code costs no attempt.
 */
export function parseCodeField(body: unknown): string {
  const parsed = zOtp.safeParse(bodyField(body, 'otp'));
  if (!parsed.success) throw new APIError('BAD_REQUEST', { code: 'INVALID_OTP', message: 'Invalid OTP' });
  return parsed.data;
}
