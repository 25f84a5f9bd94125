import { createServerFn } from '@tanstack/react-start';
import { authMiddleware } from '@/features/auth/middleware';
import { describeUserAgent } from '@/lib/user-agent';
import { isDemoMode } from '@/server/env';
import { listActiveSessions } from './data.server';
import type { AccountSession } from './schema';

/**
 * The signed-in user's devices. Not better-auth's /list-sessions: in 1.7.25 it sits behind the
 * fresh-session check (it fails a day after sign-in) and hands every session's token to the browser.
 * Revoking still goes through better-auth (/revoke-other-sessions, /revoke-sessions).
 *
 * An administrator signed in as the user is shown as such, without the admin's browser or address. In the
 * read-only demo every visitor signs in to the same accounts: only the caller's own address is shown.
 */
export const $listSessions = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<AccountSession[]> => {
    const rows = await listActiveSessions(context.user.id);
    const demo = isDemoMode();
    return rows.map((row) => {
      const current = row.id === context.session.id;
      const administrator = row.impersonatedBy !== null;
      const ipHidden = demo && !current && !administrator;
      return {
        id: row.id,
        current,
        administrator,
        ...(administrator ? { browser: null, os: null } : describeUserAgent(row.userAgent)),
        ipAddress: administrator || ipHidden ? null : row.ipAddress || null,
        ipHidden,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  });
