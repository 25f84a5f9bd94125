import '@tanstack/react-start/server-only';
import type { Policy } from './policy.ts';

type Method = 'GET' | 'POST';

/** One better-auth route the product serves, relative to the auth base path, and its rules. */
export type AuthRoute = Policy & {
  /** `:param` matches one path segment. */
  path: string;
  methods: readonly Method[];
  /** Which screen or flow calls it, and why its rules are what they are. */
  why: string;
};

// Shorthands for the table below; each entry still states every rule.
const READ = { demo: 'runs', impersonation: 'allowed', recentSignIn: false, rateLimit: 'auth' } as const;
const CHANGE = { demo: 'refused', impersonation: 'allowed', recentSignIn: false, rateLimit: 'auth' } as const;
/** Changes how the account signs in or who owns it: never while impersonating (ADR 017). */
const TAKEOVER = { demo: 'refused', impersonation: 'refused', rateLimit: 'auth' } as const;
/** An administrator's change to another account: a recent sign-in, never from an impersonation. */
const ADMIN_CHANGE = { demo: 'refused', impersonation: 'refused', rateLimit: 'auth' } as const;

/**
 * The better-auth routes the product serves, each with every rule it is under; any other route answers 404
 * before better-auth runs, in every mode. better-auth exposes many more (password reset, e-mail
 * verification links, account linking, raw session tokens…) that the product never calls and whose rules
 * it never reviewed. An allowlist on purpose: a route added by an upgrade or a plugin stays closed until
 * someone adds it here with its rules, and routes.integration.test.ts walks every endpoint better-auth
 * exposes to prove it. The rules are enforced from this table: `guardAuthRoutes` (served, demo),
 * `guardImpersonation`, `requireRecentSignIn`, and better-auth's rate limits (`authRateLimitRules`).
 */
export const AUTH_ROUTES: readonly AuthRoute[] = [
  // Session
  { path: '/get-session', methods: ['GET'], access: 'public', ...READ, why: 'session lookup (spec §7)' },
  { path: '/sign-out', methods: ['POST'], access: 'public', ...READ, why: 'ends the caller’s own session' },
  // Signing in: a code by e-mail, a passkey, or a provider. A proof of who one is, so allowed to a browser
  // that holds an impersonation (it signs in as whoever proves it, never as the impersonated user).
  {
    path: '/email-otp/send-verification-otp',
    methods: ['POST'],
    access: 'public',
    ...READ,
    rateLimit: 'auth-codes',
    why: 'login and verify screens (a demo stores the fixed code and mails nothing)',
  },
  {
    path: '/sign-in/email-otp',
    methods: ['POST'],
    access: 'public',
    ...READ,
    rateLimit: 'auth-codes',
    why: 'verify screen',
  },
  {
    path: '/sign-in/social',
    methods: ['POST'],
    access: 'public',
    ...READ,
    why: 'provider buttons (sign-up is off in demo)',
  },
  {
    path: '/callback/:id',
    methods: ['GET'],
    access: 'public',
    ...READ,
    why: 'return leg of provider sign-in',
  },
  // Passkeys: a demo offers no passkey sign-in (its sample accounts have none) and registers none
  {
    path: '/passkey/generate-authenticate-options',
    methods: ['GET'],
    access: 'public',
    ...READ,
    demo: 'refused',
    rateLimit: 'auth-passkey-options',
    why: 'login: sign in with a passkey (button and autofill); each call stores a challenge',
  },
  {
    path: '/passkey/verify-authentication',
    methods: ['POST'],
    access: 'public',
    ...READ,
    demo: 'refused',
    why: 'login: passkey answer',
  },
  {
    path: '/passkey/generate-register-options',
    methods: ['GET'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: true,
    why: 'account: add a passkey (a key left behind would sign in as the user at will)',
  },
  {
    path: '/passkey/verify-registration',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: true,
    why: 'account: add a passkey',
  },
  {
    path: '/passkey/update-passkey',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: false,
    why: 'account: rename a passkey',
  },
  {
    path: '/passkey/delete-passkey',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: true,
    why: 'account: remove a passkey',
  },
  // Account
  { path: '/update-user', methods: ['POST'], access: 'signed-in', ...CHANGE, why: 'account: change name' },
  {
    path: '/delete-user',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: true,
    why: 'account: delete my account',
  },
  {
    path: '/revoke-sessions',
    methods: ['POST'],
    access: 'signed-in',
    ...CHANGE,
    why: 'account: sign out everywhere (ends an impersonation too)',
  },
  {
    path: '/unlink-account',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: false,
    why: 'account: unlink a provider',
  },
  {
    path: '/revoke-other-sessions',
    methods: ['POST'],
    access: 'signed-in',
    ...CHANGE,
    why: 'account: sign out other sessions',
  },
  {
    path: '/email-otp/request-email-change',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: true,
    rateLimit: 'auth-codes',
    why: 'account: code to a new address',
  },
  {
    path: '/email-otp/change-email',
    methods: ['POST'],
    access: 'signed-in',
    ...TAKEOVER,
    recentSignIn: false,
    rateLimit: 'auth-codes',
    why: 'account: confirm a new address (the code to it is the proof)',
  },
  // Organizations (the app area's organization screens and switcher, invitation links)
  {
    path: '/organization/set-active',
    methods: ['POST'],
    access: 'organization-member',
    ...READ,
    why: 'organization switcher (changes only the caller’s session)',
  },
  {
    path: '/organization/create',
    methods: ['POST'],
    access: 'signed-in',
    ...CHANGE,
    why: 'create an organization',
  },
  {
    path: '/organization/update',
    methods: ['POST'],
    access: { organization: { organization: ['update'] } },
    ...CHANGE,
    why: 'organization: rename',
  },
  {
    path: '/organization/delete',
    methods: ['POST'],
    access: { organization: { organization: ['delete'] } },
    ...TAKEOVER,
    recentSignIn: true,
    why: 'organization: delete (every member’s repositories go with it)',
  },
  {
    path: '/organization/leave',
    methods: ['POST'],
    access: 'organization-member',
    ...CHANGE,
    why: 'organization: leave',
  },
  {
    path: '/organization/invite-member',
    methods: ['POST'],
    access: { organization: { invitation: ['create'] } },
    ...CHANGE,
    why: 'organization: invite, resend (each mail counts against the recipient’s hourly cap)',
  },
  {
    path: '/organization/cancel-invitation',
    methods: ['POST'],
    access: { organization: { invitation: ['cancel'] } },
    ...CHANGE,
    why: 'organization: cancel an invitation',
  },
  {
    path: '/organization/accept-invitation',
    methods: ['POST'],
    access: 'invitation-recipient',
    ...CHANGE,
    why: 'invitation page: accept',
  },
  {
    path: '/organization/reject-invitation',
    methods: ['POST'],
    access: 'invitation-recipient',
    ...CHANGE,
    why: 'invitation page: decline',
  },
  {
    path: '/organization/update-member-role',
    methods: ['POST'],
    access: { organization: { member: ['update'] } },
    ...CHANGE,
    why: 'organization: change a role',
  },
  {
    path: '/organization/remove-member',
    methods: ['POST'],
    access: { organization: { member: ['delete'] } },
    ...CHANGE,
    why: 'organization: remove a member',
  },
  {
    path: '/organization/create-team',
    methods: ['POST'],
    access: { organization: { team: ['create'] } },
    ...CHANGE,
    why: 'organization: create a team',
  },
  {
    path: '/organization/update-team',
    methods: ['POST'],
    access: { organization: { team: ['update'] } },
    ...CHANGE,
    why: 'organization: rename a team',
  },
  {
    path: '/organization/remove-team',
    methods: ['POST'],
    access: { organization: { team: ['delete'] } },
    ...CHANGE,
    why: 'organization: delete a team',
  },
  {
    path: '/organization/add-team-member',
    methods: ['POST'],
    access: { organization: { member: ['update'] } },
    ...CHANGE,
    why: 'organization: add to a team',
  },
  {
    path: '/organization/remove-team-member',
    methods: ['POST'],
    access: { organization: { member: ['delete'] } },
    ...CHANGE,
    why: 'organization: remove from a team',
  },
  // Manager: every change to another account needs a recent sign-in (a stolen session an hour old must not
  // make an admin, move an address or remove an account), and none is open to an impersonation.
  {
    path: '/admin/list-users',
    methods: ['GET'],
    access: { user: ['list'] },
    ...READ,
    impersonation: 'refused',
    why: 'read (spec §7)',
  },
  {
    path: '/admin/create-user',
    methods: ['POST'],
    access: { user: ['create'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'create a user (with any role)',
  },
  {
    path: '/admin/update-user',
    methods: ['POST'],
    access: { user: ['update'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'update a user (name, address, role)',
  },
  {
    path: '/admin/set-role',
    methods: ['POST'],
    access: { user: ['set-role'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'user detail and update pages',
  },
  {
    path: '/admin/ban-user',
    methods: ['POST'],
    access: { user: ['ban'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'user detail: ban',
  },
  {
    path: '/admin/unban-user',
    methods: ['POST'],
    access: { user: ['ban'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'user detail: unban',
  },
  {
    path: '/admin/remove-user',
    methods: ['POST'],
    access: { user: ['delete'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'user detail: delete',
  },
  {
    path: '/admin/impersonate-user',
    methods: ['POST'],
    access: { user: ['impersonate'] },
    ...ADMIN_CHANGE,
    recentSignIn: true,
    why: 'user detail: sign in as',
  },
  {
    path: '/admin/stop-impersonating',
    methods: ['POST'],
    access: 'signed-in',
    ...CHANGE,
    why: 'impersonation banner: the way out (impersonating is refused in a demo)',
  },
  {
    path: '/admin/revoke-user-session',
    methods: ['POST'],
    access: { session: ['revoke'] },
    ...ADMIN_CHANGE,
    recentSignIn: false,
    why: 'user sessions: end one (signs someone out; changes nothing they own)',
  },
  {
    path: '/admin/revoke-user-sessions',
    methods: ['POST'],
    access: { session: ['revoke'] },
    ...ADMIN_CHANGE,
    recentSignIn: false,
    why: 'user sessions: end all',
  },
];

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? Boolean(got[i]) : segment === got[i]))
  );
}

/** The route a path relative to the auth base names (`/sign-out`, `/callback/github`), for `method`. */
export function authRouteOf(path: string, method: string): AuthRoute | undefined {
  return AUTH_ROUTES.find(
    (route) => route.methods.includes(method.toUpperCase() as Method) && matches(route.path, path),
  );
}

/**
 * The rules of the route an auth hook runs for: `path` is better-auth's pattern (`/callback/:id`), the
 * same for an HTTP request and for a call through `auth.api`. Undefined for a route the product does not
 * serve (only server code can reach one).
 */
export function authRoutePolicy(path: string): AuthRoute | undefined {
  return AUTH_ROUTES.find((route) => route.path === path);
}
