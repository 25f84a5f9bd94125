import '@tanstack/react-start/server-only';
import { type AuthRoute, authRouteOf } from '@/server/policy/auth-routes';

const DEMO_MODE_MESSAGE = 'This is a read-only demo, this action is disabled.';

/** The route a request names (a full URL path, e.g. `/api/auth/sign-out`), if the product serves it. */
export function findAuthRoute(pathname: string, method: string, basePath: string): AuthRoute | undefined {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  // Trailing slashes are tolerated; anything else unusual (encoding, dots) simply fails to match.
  return authRouteOf(pathname.slice(basePath.length).replace(/\/+$/, ''), method);
}

/** The answer to a route the product does not serve: the same as for a path that never existed. */
function notFoundResponse(): Response {
  return Response.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
}

/** The refusal a demo server sends instead of running a route: better-auth's own error shape. */
function demoRefusalResponse(): Response {
  return Response.json({ code: 'DEMO_MODE', message: DEMO_MODE_MESSAGE }, { status: 403 });
}

/**
 * Wraps better-auth's handler so only the routes of the policy table (`AUTH_ROUTES`) reach it (404
 * otherwise), and a read-only demo refuses those the table marks `demo: 'refused'` (403 DEMO_MODE).
 */
export function guardAuthRoutes(
  handler: (request: Request) => Promise<Response>,
  options: { demo: boolean; basePath?: string },
): (request: Request) => Promise<Response> {
  // better-auth's default, which src/routes/api/auth/$.ts serves.
  const basePath = options.basePath ?? '/api/auth';
  return async (request) => {
    const route = findAuthRoute(new URL(request.url).pathname, request.method, basePath);
    if (!route) return notFoundResponse();
    if (options.demo && route.demo === 'refused') return demoRefusalResponse();
    return handler(request);
  };
}
