import '@tanstack/react-start/server-only';
import { type PermissionRequest, userCan } from '@/features/auth/permissions';
import { findMembership } from '@/features/organization/data.server';
import { AppError } from '@/lib/errors';
import { type RequestSession, requestSession } from '@/server/auth/session';
import type { Database } from '@/server/db/client';
import { serverEnv } from '@/server/env';
import { recordRequestUser } from './request-context';

/** The signed-in caller of a server route. */
export type RouteCaller = NonNullable<RequestSession>;

/**
 * A server route's refusal as JSON, with the status and code a server function's refusal has
 * (`UNAUTHORIZED` 401, `FORBIDDEN` 403, `VALIDATION_ERROR` 400…), so the client translates it the same
 * way. Nothing else (no library text) goes out.
 */
export function routeRefusal(code: string, field?: string, headers: Record<string, string> = {}): Response {
  const error = new AppError(code, field);
  return Response.json(
    { code: error.code, ...(field ? { field } : {}), message: error.message },
    { status: error.status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

/**
 * For a server route (under src/routes/api): the request's session and user when the user's role grants
 * every permission in `permissions`; otherwise the refusal to answer (401 without a valid session, 403
 * without the permissions). Decided by the same functions as `requirePermission` (the per-request
 * session read and `userCan` with `ADMIN_USER_IDS`), so a route and a server function never disagree.
 */
export async function authorizeRoute(permissions: PermissionRequest): Promise<RouteCaller | Response> {
  const caller = await requestSession();
  if (!caller) return routeRefusal('UNAUTHORIZED');
  recordRequestUser(caller.user.id);
  if (!userCan(caller.user, permissions, serverEnv().ADMIN_USER_IDS)) return routeRefusal('FORBIDDEN');
  return caller;
}

/**
 * For a server route inside the caller's active organization, decided as `requireOrganization` decides for
 * server functions: 401 without a session; `NO_ACTIVE_ORGANIZATION` (400) without an active organization
 * or without a membership of it, read from the database now, so a member removed a second ago is refused.
 * Every read the route makes is then scoped to `organizationId`.
 */
export async function authorizeOrganizationRoute(
  db?: Database,
): Promise<{ caller: RouteCaller; organizationId: string } | Response> {
  const caller = await requestSession();
  if (!caller) return routeRefusal('UNAUTHORIZED');
  recordRequestUser(caller.user.id);
  const organizationId = caller.session.activeOrganizationId;
  if (!organizationId) return routeRefusal('NO_ACTIVE_ORGANIZATION');
  const membership = await findMembership(organizationId, caller.user.id, db);
  if (!membership) return routeRefusal('NO_ACTIVE_ORGANIZATION');
  return { caller, organizationId };
}
