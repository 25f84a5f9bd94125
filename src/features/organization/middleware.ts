import { createMiddleware } from '@tanstack/react-start';
import { authMiddleware } from '@/features/auth/middleware';
import { type OrganizationPermissionRequest, organizationCan } from '@/features/auth/permissions';
import { assertWritable } from '@/features/billing/limits.server';
import { AppError } from '@/lib/errors';
import { serverFunctionKey, serverFunctionPolicy } from '@/server/policy/server-functions';
import { findMembership } from './data.server';

/**
 * Server-function middleware for what lives inside an organization: the caller's active organization
 * (kept in the session) and their membership of it, read from the database on every call, so a member
 * removed a second ago is refused. No active organization, or one the caller no longer belongs to:
 * NO_ACTIVE_ORGANIZATION. With `permissions`, FORBIDDEN unless the member's role grants them all. The
 * handler gets `context.organization` ({ id, role }): every query it makes is scoped to that id.
 * A change (what the demo refuses) in an organization whose payment is overdue past its grace period is
 * ORGANIZATION_READ_ONLY, but where `readOnly: 'allowed'` (its billing, which is how it is paid).
 */
export function requireOrganization(
  permissions?: OrganizationPermissionRequest,
  { readOnly = 'refused' }: { readOnly?: 'refused' | 'allowed' } = {},
) {
  return createMiddleware({ type: 'function' })
    .middleware([authMiddleware])
    .server(async ({ next, context, serverFnMeta }) => {
      const organizationId = context.session.activeOrganizationId;
      if (!organizationId) throw new AppError('NO_ACTIVE_ORGANIZATION');
      const membership = await findMembership(organizationId, context.user.id);
      if (!membership) throw new AppError('NO_ACTIVE_ORGANIZATION');
      if (permissions && !organizationCan(membership.role, permissions)) throw new AppError('FORBIDDEN');
      const key = serverFunctionKey(serverFnMeta.filename, serverFnMeta.name);
      if (readOnly === 'refused' && serverFunctionPolicy(key)?.demo === 'refused') {
        await assertWritable(organizationId);
      }
      return next({ context: { organization: { id: organizationId, role: membership.role } } });
    });
}
