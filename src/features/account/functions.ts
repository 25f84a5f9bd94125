import { createServerFn } from '@tanstack/react-start';
import { authMiddleware } from '@/features/auth/middleware';
import { describeUserAgent } from '@/lib/user-agent';
import { listActiveSessions } from './data.server';
import type { AccountSession } from './schema';

/**
 * The signed-in user's devices. Not better-auth's /list-sessions: in 1.7.25 it sits behind the
 * fresh-session check (it fails a day after sign-in) and hands every session's token to the browser.
 * Revoking still goes through better-auth (/revoke-other-sessions, /revoke-sessions).
 */
export const $listSessions = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<AccountSession[]> => {
    const rows = await listActiveSessions(context.user.id);
    return rows.map((row) => {
      return {
        id: row.id,
        current: row.id === context.session.id,
        ...describeUserAgent(row.userAgent),
        ipAddress: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  });
