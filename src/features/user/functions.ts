import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { describeUserAgent } from '@/lib/user-agent';
import { isDemoMode } from '@/server/env';
import { findUserById, listUserSessions, listUsers } from './data.server';
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
    const rows = await listUserSessions(data.id);
    const demo = isDemoMode();
    return rows.map((row) => {
      const current = row.id === context.session.id;
      return {
        id: row.id,
        current,
        impersonated: row.impersonatedBy !== null,
        ...describeUserAgent(row.userAgent),
        ipAddress: demo && !current ? null : row.ipAddress || null,
        ipHidden: demo && !current,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      };
    });
  });
