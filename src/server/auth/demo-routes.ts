import '@tanstack/react-start/server-only';

/**
 * better-auth routes a read-only demo still answers, relative to the auth base path. This is an
 * allowlist on purpose: a route added by a better-auth upgrade or a new plugin is refused until someone
 * decides it belongs here. `:param` matches one path segment.
 */
export const DEMO_AUTH_ROUTES: readonly { path: string; why: string }[] = [
  // Reads: they change nothing a visitor could notice.
  { path: '/get-session', why: 'session lookup (sliding expiry only touches the caller’s session)' },
  { path: '/list-sessions', why: 'read' },
  { path: '/list-accounts', why: 'read' },
  { path: '/account-info', why: 'read' },
  { path: '/admin/list-users', why: 'read' },
  { path: '/admin/get-user', why: 'read' },
  { path: '/admin/list-user-sessions', why: 'read (POST by better-auth’s choice)' },
  { path: '/admin/has-permission', why: 'read (POST by better-auth’s choice)' },
  { path: '/ok', why: 'health answer' },
  { path: '/error', why: 'error page' },
  // Signing in and out: the demo is visited by signing in with the fixed code (sign-up is off).
  { path: '/email-otp/send-verification-otp', why: 'stores the fixed demo code; no e-mail is sent' },
  { path: '/sign-in/email-otp', why: 'sign-in with the demo code' },
  { path: '/sign-in/social', why: 'provider sign-in of an existing user (sign-up is off in demo)' },
  { path: '/callback/:id', why: 'return leg of provider sign-in' },
  { path: '/sign-out', why: 'ends the caller’s own session' },
];

export const DEMO_MODE_MESSAGE = 'This is a read-only demo, this action is disabled.';

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? Boolean(got[i]) : segment === got[i]))
  );
}

/** Whether a demo server lets `pathname` (a full URL path, e.g. `/api/auth/sign-out`) through. */
export function isAuthRouteAllowedInDemo(pathname: string, basePath: string): boolean {
  if (!pathname.startsWith(`${basePath}/`)) return false;
  // Trailing slashes are tolerated; anything else unusual (encoding, dots) simply fails to match.
  const path = pathname.slice(basePath.length).replace(/\/+$/, '');
  return DEMO_AUTH_ROUTES.some((route) => matches(route.path, path));
}

/** The refusal a demo server sends instead of running a route: better-auth's own error shape. */
export function demoRefusalResponse(): Response {
  return Response.json({ code: 'DEMO_MODE', message: DEMO_MODE_MESSAGE }, { status: 403 });
}

/** Wraps better-auth's handler so a demo server refuses every route outside `DEMO_AUTH_ROUTES`. */
export function withDemoGuard(
  handler: (request: Request) => Promise<Response>,
  // better-auth's default, which src/routes/api/auth/$.ts serves.
  basePath = '/api/auth',
): (request: Request) => Promise<Response> {
  return async (request) =>
    isAuthRouteAllowedInDemo(new URL(request.url).pathname, basePath)
      ? handler(request)
      : demoRefusalResponse();
}
