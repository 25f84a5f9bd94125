import { createServerFn } from '@tanstack/react-start';
import { authMiddleware } from '@/features/auth/middleware';
import { type SessionView, toSessionView } from '@/lib/session-view';
import { listActiveSessions } from '@/server/auth/session-list';
import { isDemoMode } from '@/server/env';

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
  .handler(async ({ context }): Promise<SessionView[]> => {
    const rows = await listActiveSessions(context.user.id);
    const options = { audience: 'owner', viewerSessionId: context.session.id, demo: isDemoMode() } as const;
    return rows.map((row) => toSessionView(row, options));
  });
