import { z } from 'zod';
import { zEmail, zName, zOtp } from '@/features/auth/schema';

// The rules are the sign-in and onboarding ones (messages are `auth` keys); only the shapes are new here.
export const zChangeNameForm = z.object({ name: zName });
export const zChangeEmailForm = z.object({ email: zEmail });
export const zEmailCodeForm = z.object({ otp: zOtp });

/**
 * What better-auth's /update-user may receive from the browser: a valid name and nothing else. The
 * e-mail has its own flow with a code, and `image` would let anyone point every admin screen at a URL
 * of their choosing.
 */
export const zUpdateUserBody = z.strictObject({ name: zName });

/**
 * One signed-in device as the Sessions card shows it. Never carries the session token. An administrator's
 * impersonation carries none of the admin's device or address (`administrator`), and a demo shows no
 * address but the visitor's own (`ipHidden`).
 */
export type AccountSession = {
  id: string;
  current: boolean;
  administrator: boolean;
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  ipHidden: boolean;
  createdAt: string;
  updatedAt: string;
};
