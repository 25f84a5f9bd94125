import { createMiddleware } from '@tanstack/react-start';
import { signedInRecently } from '@/features/auth/recent-sign-in';
import { AppError } from '@/lib/errors';
import { requestSession } from '@/server/auth/session';
import { isDemoMode } from '@/server/env';
import { routeRefusal } from '@/server/http/route-auth';
import { limitServerFnCall } from '@/server/http/server-fn-limit';
import { logger } from '@/server/logger';
import { problem } from '@/server/api/problem';
import { apiRoutePolicy } from '@/server/policy/api-routes';
import type { Policy } from '@/server/policy/policy';
import { serverFunctionKey, serverFunctionPolicy } from '@/server/policy/server-functions';

// The policy tables enforced (docs/decisions/032-one-policy-per-route.md): `policyMiddleware` for every
// server function, `apiPolicyMiddleware` for every server route under /api but better-auth's, whose own
// routes are guarded from the same kind of table (src/server/auth/routes.ts and its hooks).

type SessionRefusal = 'NOT_WHILE_IMPERSONATING' | 'SESSION_NOT_FRESH';

type SessionRules = Pick<Policy, 'impersonation' | 'recentSignIn'>;
type SessionFacts = { impersonatedBy?: string | null | undefined; createdAt: Date | string };

/**
 * What a policy's session rules say of a session: an impersonation refused, or a sign-in too old. Without a
 * session, nothing: the function's or route's own access rule answers UNAUTHORIZED.
 */
export function sessionRuleRefusal(rules: SessionRules, session: SessionFacts | null): SessionRefusal | null {
  if (!session) return null;
  if (rules.impersonation === 'refused' && session.impersonatedBy) return 'NOT_WHILE_IMPERSONATING';
  if (rules.recentSignIn && !signedInRecently(session.createdAt)) return 'SESSION_NOT_FRESH';
  return null;
}

/** `sessionRuleRefusal` for the current request's session, read once per request (`requestSession`). */
async function sessionRefusal(rules: SessionRules): Promise<SessionRefusal | null> {
  if (rules.impersonation === 'allowed' && !rules.recentSignIn) return null;
  return sessionRuleRefusal(rules, (await requestSession())?.session ?? null);
}

/**
 * Global server-function middleware (src/start.ts, after the error middleware): the call's rules from
 * `SERVER_FUNCTIONS`, before the function's own middleware or handler runs: a function the table does not
 * list is refused (FORBIDDEN, logged); then the demo (DEMO_MODE), the call limits (429), an impersonation
 * (NOT_WHILE_IMPERSONATING) and an old sign-in (SESSION_NOT_FRESH), in that order.
 */
export const policyMiddleware = createMiddleware({ type: 'function' }).server(
  async ({ serverFnMeta, next }) => {
    const key = serverFunctionKey(serverFnMeta.filename, serverFnMeta.name);
    const policy = serverFunctionPolicy(key);
    if (!policy) {
      logger.error({ serverFn: key }, 'server function without a policy refused');
      throw new AppError('FORBIDDEN');
    }
    if (policy.demo === 'refused' && isDemoMode()) throw new AppError('DEMO_MODE');
    // `calls` and `calls+data-export` both count here; the hourly data export limit is its handler's.
    await limitServerFnCall();
    const refusal = await sessionRefusal(policy);
    if (refusal) throw new AppError(refusal);
    return next();
  },
);

/**
 * Global request middleware (src/start.ts, after CSRF) for the server routes under /api but better-auth's
 * (the sign-in forms under /api/auth/form are ours, since the code's browser binding cookie is scoped there):
 * a path `API_ROUTES` does not list answers 404; then the demo, and the impersonation and recent sign-in
 * rules. The `csv-export` limits are counted by `csvExport` once the route has authorised the caller, so
 * a caller without access is told 401 or 403, never 429.
 */
export const apiPolicyMiddleware = createMiddleware().server(async ({ pathname, request, next }) => {
  if (!pathname.startsWith('/api/')) return next();
  const route = apiRoutePolicy(pathname, request.method);
  // The public API answers in its own format (RFC 9457 problem details).
  const refuse = (code: string) =>
    pathname.startsWith('/api/v1/') ? problem(code === 'NOT_FOUND' ? 404 : 403, code) : routeRefusal(code);
  // The rest of /api/auth is better-auth's, guarded from its own table (AUTH_ROUTES).
  if (!route) return pathname.startsWith('/api/auth/') ? next() : refuse('NOT_FOUND');
  if (route.demo === 'refused' && isDemoMode()) return refuse('DEMO_MODE');
  const refusal = await sessionRefusal(route);
  if (refusal) return routeRefusal(refusal);
  return next();
});
