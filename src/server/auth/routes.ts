import '@tanstack/react-start/server-only';

type Method = 'GET' | 'POST';

/** One better-auth route the product serves, relative to the auth base path. */
export type AuthRoute = {
  /** `:param` matches one path segment. */
  path: string;
  methods: readonly Method[];
  /** Whether a read-only demo still answers it: only reads, signing in and out. */
  demo: boolean;
  /** Which screen or flow calls it, or why a demo may. */
  why: string;
};

/**
 * The better-auth routes the product serves; every other one answers 404 before better-auth runs, in
 * every mode. better-auth exposes many more (password reset, e-mail verification links, account linking,
 * raw session tokens…) that the product never calls and whose rules it never reviewed. An allowlist on
 * purpose: a route added by an upgrade or a plugin stays closed until someone adds it here, and
 * routes.integration.test.ts walks every endpoint better-auth exposes to prove it.
 */
export const AUTH_ROUTES: readonly AuthRoute[] = [
  // Session
  { path: '/get-session', methods: ['GET'], demo: true, why: 'session lookup (spec §7)' },
  { path: '/sign-out', methods: ['POST'], demo: true, why: 'ends the caller’s own session' },
  // Signing in: a code by e-mail, or a provider
  {
    path: '/email-otp/send-verification-otp',
    methods: ['POST'],
    demo: true,
    why: 'login and verify screens (a demo stores the fixed code and mails nothing)',
  },
  { path: '/sign-in/email-otp', methods: ['POST'], demo: true, why: 'verify screen' },
  {
    path: '/sign-in/social',
    methods: ['POST'],
    demo: true,
    why: 'provider buttons (sign-up is off in demo)',
  },
  { path: '/callback/:id', methods: ['GET'], demo: true, why: 'return leg of provider sign-in' },
  // Passkeys: a demo offers no passkey sign-in (its sample accounts have none) and registers none
  {
    path: '/passkey/generate-authenticate-options',
    methods: ['GET'],
    demo: false,
    why: 'login: sign in with a passkey (button and autofill)',
  },
  { path: '/passkey/verify-authentication', methods: ['POST'], demo: false, why: 'login: passkey answer' },
  {
    path: '/passkey/generate-register-options',
    methods: ['GET'],
    demo: false,
    why: 'account: add a passkey',
  },
  { path: '/passkey/verify-registration', methods: ['POST'], demo: false, why: 'account: add a passkey' },
  { path: '/passkey/update-passkey', methods: ['POST'], demo: false, why: 'account: rename a passkey' },
  { path: '/passkey/delete-passkey', methods: ['POST'], demo: false, why: 'account: remove a passkey' },
  // Account
  { path: '/update-user', methods: ['POST'], demo: false, why: 'account: change name' },
  { path: '/delete-user', methods: ['POST'], demo: false, why: 'account: delete my account' },
  { path: '/revoke-sessions', methods: ['POST'], demo: false, why: 'account: sign out everywhere' },
  { path: '/unlink-account', methods: ['POST'], demo: false, why: 'account: unlink a provider' },
  { path: '/revoke-other-sessions', methods: ['POST'], demo: false, why: 'account: sign out other sessions' },
  {
    path: '/email-otp/request-email-change',
    methods: ['POST'],
    demo: false,
    why: 'account: code to a new address',
  },
  { path: '/email-otp/change-email', methods: ['POST'], demo: false, why: 'account: confirm a new address' },
  // Organizations (the app area's organization screens and switcher, invitation links)
  { path: '/organization/set-active', methods: ['POST'], demo: true, why: 'organization switcher' },
  { path: '/organization/create', methods: ['POST'], demo: false, why: 'create an organization' },
  { path: '/organization/update', methods: ['POST'], demo: false, why: 'organization: rename' },
  { path: '/organization/delete', methods: ['POST'], demo: false, why: 'organization: delete' },
  { path: '/organization/leave', methods: ['POST'], demo: false, why: 'organization: leave' },
  { path: '/organization/invite-member', methods: ['POST'], demo: false, why: 'organization: invite' },
  {
    path: '/organization/cancel-invitation',
    methods: ['POST'],
    demo: false,
    why: 'organization: cancel an invitation',
  },
  {
    path: '/organization/accept-invitation',
    methods: ['POST'],
    demo: false,
    why: 'invitation page: accept',
  },
  {
    path: '/organization/reject-invitation',
    methods: ['POST'],
    demo: false,
    why: 'invitation page: decline',
  },
  {
    path: '/organization/update-member-role',
    methods: ['POST'],
    demo: false,
    why: 'organization: change a role',
  },
  {
    path: '/organization/remove-member',
    methods: ['POST'],
    demo: false,
    why: 'organization: remove a member',
  },
  { path: '/organization/create-team', methods: ['POST'], demo: false, why: 'organization: create a team' },
  { path: '/organization/update-team', methods: ['POST'], demo: false, why: 'organization: rename a team' },
  { path: '/organization/remove-team', methods: ['POST'], demo: false, why: 'organization: delete a team' },
  {
    path: '/organization/add-team-member',
    methods: ['POST'],
    demo: false,
    why: 'organization: add to a team',
  },
  {
    path: '/organization/remove-team-member',
    methods: ['POST'],
    demo: false,
    why: 'organization: remove from a team',
  },
  // Manager
  { path: '/admin/list-users', methods: ['GET'], demo: true, why: 'read (spec §7)' },
  { path: '/admin/create-user', methods: ['POST'], demo: false, why: 'create a user' },
  { path: '/admin/update-user', methods: ['POST'], demo: false, why: 'update a user' },
  { path: '/admin/set-role', methods: ['POST'], demo: false, why: 'user detail and update pages' },
  { path: '/admin/ban-user', methods: ['POST'], demo: false, why: 'user detail: ban' },
  { path: '/admin/unban-user', methods: ['POST'], demo: false, why: 'user detail: unban' },
  { path: '/admin/remove-user', methods: ['POST'], demo: false, why: 'user detail: delete' },
  { path: '/admin/impersonate-user', methods: ['POST'], demo: false, why: 'user detail: sign in as' },
  {
    path: '/admin/stop-impersonating',
    methods: ['POST'],
    demo: false,
    why: 'impersonation banner (impersonating is refused in a demo)',
  },
  { path: '/admin/revoke-user-session', methods: ['POST'], demo: false, why: 'user sessions: end one' },
  { path: '/admin/revoke-user-sessions', methods: ['POST'], demo: false, why: 'user sessions: end all' },
];

const DEMO_MODE_MESSAGE = 'This is a read-only demo, this action is disabled.';

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? Boolean(got[i]) : segment === got[i]))
  );
}

/** The route a request names (a full URL path, e.g. `/api/auth/sign-out`), if the product serves it. */
export function findAuthRoute(pathname: string, method: string, basePath: string): AuthRoute | undefined {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  // Trailing slashes are tolerated; anything else unusual (encoding, dots) simply fails to match.
  const path = pathname.slice(basePath.length).replace(/\/+$/, '');
  return AUTH_ROUTES.find(
    (route) => route.methods.includes(method.toUpperCase() as Method) && matches(route.path, path),
  );
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
 * Wraps better-auth's handler so only `AUTH_ROUTES` reach it (404 otherwise), and a read-only demo
 * refuses those that change something (403 DEMO_MODE).
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
    if (options.demo && !route.demo) return demoRefusalResponse();
    return handler(request);
  };
}
