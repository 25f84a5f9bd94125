import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { createIsomorphicFn } from '@tanstack/react-start';
import { setResponseStatus } from '@tanstack/react-start/server';
import { AppError } from '@/lib/errors';
import { type PermissionRequest, roleCan } from './permissions';
import { authQueries } from './queries';
import { afterSignIn } from './redirect';

type GuardContext = { queryClient: QueryClient };

// A server render of the 403 page answers 403 (the router alone would say 500 for a thrown error).
const answerForbidden = createIsomorphicFn().server(() => setResponseStatus(403));

/**
 * `beforeLoad` of an area (`/app`, `/manager`): no session → /login with the current path as `redirect`;
 * a role without `apps: [area]` → FORBIDDEN (the error boundary shows the 403 page). UX only: every server
 * function checks for itself. A user who is not onboarded passes; the area's layout asks for the name.
 */
export async function requireArea(context: GuardContext, href: string, area: 'app' | 'manager') {
  const session = await context.queryClient.ensureQueryData(authQueries.session());
  if (!session) throw redirect({ to: '/login', search: { redirect: href } });
  if (!roleCan(session.user.role, { apps: [area] })) {
    answerForbidden();
    throw new AppError('FORBIDDEN');
  }
  return { session };
}

/**
 * `beforeLoad` of one screen inside an area: FORBIDDEN (the 403 page) unless the signed-in role grants every
 * permission in `request`. UX only: the screen's server functions check for themselves.
 */
export async function requireScreenPermission(context: GuardContext, request: PermissionRequest) {
  const session = await context.queryClient.ensureQueryData(authQueries.session());
  if (!session || !roleCan(session.user.role, request)) {
    answerForbidden();
    throw new AppError('FORBIDDEN');
  }
}

/** `beforeLoad` of public entry points (`/`, `/login`): a signed-in visitor goes on to where they belong. */
export async function redirectSignedIn(context: GuardContext, requested?: string) {
  const session = await context.queryClient.ensureQueryData(authQueries.session());
  if (session) throw redirect({ href: afterSignIn(requested, session.user.role) });
}
