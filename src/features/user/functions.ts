import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { toSessionView } from '@/lib/session-view';
import { listActiveSessions } from '@/server/auth/session-list';
import { isDemoMode } from '@/server/env';
import { findUserById, listUsers } from './data.server';
import { zUserIdInput, zUserListQuery } from './schema';

/** One page of users for a list view (search, role, status, order). Changes go through better-auth. */
export const $listUsers = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(zUserListQuery)
  .handler(({ data }) => listUsers(data));

/** One user's profile and status; NOT_FOUND when the id matches none. */
export const $getUser = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(zUserIdInput)
  .handler(async ({ data }) => {
    const found = await findUserById(data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

/**
 * A user's active sessions for the admin: device, IP and dates, never the token. `current` marks the
 * viewer's own session (it is ended with sign-out, not revoked from here). In the read-only demo every
 * visitor is the same sample admin: only the viewer's own address is shown (`ipHidden`).
 */
export const $listUserSessions = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ session: ['list'] })])
  .validator(zUserIdInput)
  .handler(async ({ data, context }) => {
    const rows = await listActiveSessions(data.id);
    const options = { audience: 'admin', viewerSessionId: context.session.id, demo: isDemoMode() } as const;
    return rows.map((row) => toSessionView(row, options));
  });
