import { z } from 'zod';
import { zEmail, zName, zOtp } from '@/features/auth/schema';

// The rules are the sign-in and onboarding ones (messages are `auth` keys); only the shapes are new here.
export const zChangeNameForm = z.object({ name: zName });
export const zChangeEmailForm = z.object({ email: zEmail });
export const zEmailCodeForm = z.object({ otp: zOtp });
/** The "Security alerts" switch: mail me when a new browser signs in. */
export const zSignInAlertsInput = z.strictObject({ enabled: z.boolean() });

/**
 * What better-auth's /update-user may receive from the browser: a valid name and nothing else. The
 * e-mail has its own flow with a code, and `image` would let anyone point every admin screen at a URL
 * of their choosing.
 */
export const zUpdateUserBody = z.strictObject({ name: zName });

/**
 * "Download my data": what the account holds about its user, as the downloaded file has it. Dates are ISO
 * strings. Never a token, a password or a provider's secret, and nothing that names another user: a
 * session an administrator opened as the user says so without the administrator's device or address.
 */
export type AccountExport = {
  exportedAt: string;
  profile: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    role: string | null;
    createdAt: string;
    onboardedAt: string | null;
    image: string | null;
  };
  sessions: {
    createdAt: string;
    updatedAt: string;
    expiresAt: string;
    /** Null for a session an administrator opened, and in the read-only demo for all but the caller's. */
    ipAddress: string | null;
    userAgent: string | null;
    /** Opened by an administrator signed in as the user. */
    impersonated: boolean;
    /** 'code', 'passkey' or a provider's id; null when unknown. */
    signInMethod: string | null;
  }[];
  signInMethods: {
    /** Codes are mailed to this address. */
    email: string;
    /** Linked sign-in providers (`account` rows), without their tokens. */
    accounts: { providerId: string; accountId: string; createdAt: string }[];
    /** Passkeys by name and dates, without key material. */
    passkeys: { name: string | null; createdAt: string; lastUsedAt: string | null; backedUp: boolean }[];
  };
  organizations: { id: string; name: string; slug: string; role: string; joinedAt: string }[];
  /** Audit entries where the user acted or was the (user) target, newest first. */
  auditEntries: {
    action: string;
    /** The user made the change; otherwise someone else (an administrator) did it to them. */
    byYou: boolean;
    targetType: string;
    targetId: string | null;
    targetLabel: string | null;
    metadata: Record<string, string | number | boolean | null>;
    createdAt: string;
    /** The address the change came from: only the user's own (null for someone else's change). */
    ip: string | null;
  }[];
};

/** A provider linked to the account: its account row's id (what unlinking names), which, since when. */
export type LinkedProvider = { id: string; providerId: string; linkedAt: string };
