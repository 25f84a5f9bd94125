import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { userCan } from '@/features/auth/permissions';
import { AppError } from '@/lib/errors';
import { toSessionView } from '@/lib/session-view';
import { getAuth } from '@/server/auth/instance';
import { listActiveSessions } from '@/server/auth/session-list';
import { authApiHeaders } from '@/server/client-ip';
import { isDemoMode, serverEnv } from '@/server/env';
import { applyBulkUserAction, resolveUserSelection } from './bulk.server';
import { findUserById, listUsers } from './data.server';
import { zUserBulkInput, zUserIdInput, zUserListQuery } from './schema';
import { userBulkPermissions } from './search';

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

/**
 * One action on many users (the list's selection, or every user its view matches, at most
 * `BULK_MAX_ROWS`: BULK_TOO_MANY beyond), answered per row. Each row goes through its single action's
 * better-auth route with the caller's session (bulk.server.ts), so the same rules refuse it and the same
 * audit entry records it. The action's own permission is checked before any row.
 */
export const $bulkUserAction = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(zUserBulkInput)
  .handler(async ({ data, context }) => {
    const permission = userBulkPermissions[data.action.type];
    if (!userCan(context.user, permission, serverEnv().ADMIN_USER_IDS)) throw new AppError('FORBIDDEN');
    const { ids, targets } = await resolveUserSelection(data.selection);
    const { api } = await getAuth();
    // Each row's audit entry takes the client's address as the route's own would (`authApiHeaders`).
    const headers = authApiHeaders();
    return applyBulkUserAction({ api, headers, callerId: context.user.id }, data.action, ids, targets);
  });
