import { createServerFn } from '@tanstack/react-start';
import { UAParser } from 'ua-parser-js';
import { authMiddleware } from '@/features/auth/middleware';
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
      const { browser, os } = UAParser(row.userAgent ?? '');
      return {
        id: row.id,
        current: row.id === context.session.id,
        browser: [browser.name, browser.major].filter(Boolean).join(' ') || null,
        os: [os.name, os.version].filter(Boolean).join(' ') || null,
        ipAddress: row.ipAddress || null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  });
