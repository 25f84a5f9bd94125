import type { QueryClient } from '@tanstack/react-query';
import { createIsomorphicFn } from '@tanstack/react-start';
import { setResponseStatus } from '@tanstack/react-start/server';
import { type OrganizationPermissionRequest, organizationCan } from '@/features/auth/permissions';
import { authQueries } from '@/features/auth/queries';
import { AppError } from '@/lib/errors';
import { ensureActiveOrganization, organizationQueries } from './queries';

type GuardContext = { queryClient: QueryClient };

const answerForbidden = createIsomorphicFn().server(() => setResponseStatus(403));

/**
 * `beforeLoad` of the app area, after `requireArea`: an onboarded user works inside an active
 * organization, so one without gets theirs first (their first organization, or a workspace of their
 * own); the user's organizations are loaded for the switcher and the screens' rights. A user still to be
 * onboarded passes (onboarding names them, and the workspace after them).
 */
export async function requireWorkspace(context: GuardContext) {
  const session = await context.queryClient.ensureQueryData(authQueries.session());
  if (!session || session.user.onboardedAt === null) return;
  if (!session.session.activeOrganizationId) {
    await ensureActiveOrganization(context.queryClient);
    return;
  }
  const mine = await context.queryClient.ensureQueryData(organizationQueries.mine());
  // Removed from it since the session started: start again in another (or a new workspace).
  if (!mine.some((organization) => organization.id === session.session.activeOrganizationId)) {
    await ensureActiveOrganization(context.queryClient);
  }
}

/**
 * `beforeLoad` of a screen inside the app area that changes the organization's data: FORBIDDEN (the 403
 * page) unless the user's role in the active organization grants `request`. UX only: the screen's server
 * functions check for themselves.
 */
export async function requireOrganizationScreen(
  context: GuardContext,
  request: OrganizationPermissionRequest,
) {
  const session = await context.queryClient.ensureQueryData(authQueries.session());
  const mine = await context.queryClient.ensureQueryData(organizationQueries.mine());
  const role = mine.find((organization) => organization.id === session?.session.activeOrganizationId)?.role;
  if (!organizationCan(role, request)) {
    answerForbidden();
    throw new AppError('FORBIDDEN');
  }
}
