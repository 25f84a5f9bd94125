import { appConfig } from '~/app.config';

/**
 * Whether a session created at `createdAt` is recent enough for a sensitive action (deleting the account,
 * changing its address, removing a passkey, an admin acting on a user): within `auth.recentSignInMinutes`.
 * Older sessions are refused with SESSION_NOT_FRESH, which the screens answer with a fresh code.
 */
export function signedInRecently(createdAt: Date | string, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() < appConfig.auth.recentSignInMinutes * 60_000;
}
