import { createMiddleware } from '@tanstack/react-start';
import { AppError } from '@/lib/errors';
import { requestSession } from '@/server/auth/session';
import { serverEnv } from '@/server/env';
import { recordRequestUser } from '@/server/http/request-context';
import { type PermissionRequest, userCan } from './permissions';

/**
 * Server-function middleware: refuses with UNAUTHORIZED when there is no valid session, and hands the
 * session's user to the handler as `context.user`.
 */
export const authMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const result = await requestSession();
  if (!result) throw new AppError('UNAUTHORIZED');
  recordRequestUser(result.user.id);
  return next({ context: { user: result.user, session: result.session } });
});

/**
 * Server-function middleware: `authMiddleware`, then FORBIDDEN unless the user's role (or
 * `ADMIN_USER_IDS`) grants every permission in `permissions`, decided as better-auth's admin plugin
 * decides (`userCan`), from the user the session check just read.
 */
export function requirePermission(permissions: PermissionRequest) {
  return createMiddleware({ type: 'function' })
    .middleware([authMiddleware])
    .server(async ({ next, context }) => {
      if (!userCan(context.user, permissions, serverEnv().ADMIN_USER_IDS)) throw new AppError('FORBIDDEN');
      return next();
    });
}
