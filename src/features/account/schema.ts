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
