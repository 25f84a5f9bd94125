import { createMiddleware } from '@tanstack/react-start';
import { clientIp } from '@/server/client-ip';
import { requestSession } from '@/server/auth/session';
import { actingAsScope } from './acting-as.server';
import { recordAudit } from './record.server';

/**
 * Global server-function middleware (registered once in src/start.ts): a call that may change data (any
 * method but GET, as for the demo rule) made by an impersonation session runs as the admin's change made
 * as the user, so every audit entry it writes says so (`recordAudit`); a call that wrote none still gets
 * one, `account.change` naming the function. The session read is the request's one (`requestSession`),
 * which the function's own auth middleware reuses.
 */
export const actingAsMiddleware = createMiddleware({ type: 'function' }).server(
  async ({ method, serverFnMeta, next }) => {
    if (method.toUpperCase() === 'GET') return next();
    const current = await requestSession();
    const adminId = current?.session.impersonatedBy;
    if (!current || !adminId) return next();
    const { user } = current;
    const actingAs = { adminId, userId: user.id, userLabel: user.name || user.email };
    const { result, recorded } = await actingAsScope(actingAs, () => next());
    if (!recorded) {
      await recordAudit({
        actorUserId: adminId,
        action: 'account.change',
        target: { type: 'user', id: user.id, label: actingAs.userLabel },
        metadata: { function: serverFnMeta.name },
        ip: clientIp(),
        actingAs,
      });
    }
    return result;
  },
);
