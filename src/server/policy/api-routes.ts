import '@tanstack/react-start/server-only';
import { entities } from '../../entities.ts';
import type { Policy } from './policy.ts';

/** One server route under src/routes/api (better-auth's catch-all aside) and its rules. */
export type ApiRoute = Omit<Policy, 'access'> & {
  /** As its route file names it: `$name` matches one path segment. */
  path: string;
  /**
   * One method it answers (a route answering several has a row each); a change is same-origin only (CSRF,
   * src/start.ts), but on the public API, whose callers hold a key, never a cookie.
   */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /**
   * `development` routes answer 404 in production (the handler says so itself); `stripe-signature`, Stripe's
   * webhook, reads no session: an event signed with STRIPE_WEBHOOK_SECRET, and 404 with billing off.
   */
  access: Policy['access'] | 'development' | 'stripe-signature';
};

const EXPORT = {
  method: 'GET',
  demo: 'runs',
  impersonation: 'allowed',
  recentSignIn: false,
  rateLimit: 'csv-export',
} as const;

const SIGN_IN_FORM = {
  method: 'POST',
  access: 'public',
  demo: 'runs',
  impersonation: 'allowed',
  recentSignIn: false,
  rateLimit: 'auth-codes',
} as const;

/** The public API (src/server/api): a key of the organization, with the collection's scope, and no session. */
const PUBLIC_API = { impersonation: 'allowed', recentSignIn: false, rateLimit: 'api-key' } as const;
const API_READ = { access: { apiScope: 'read' }, demo: 'runs', ...PUBLIC_API } as const;
const API_WRITE = { access: { apiScope: 'write' }, demo: 'refused', ...PUBLIC_API } as const;
/** Its document and reference page: public, as an API's documentation is. */
const API_DOCS = { method: 'GET', access: 'public', demo: 'runs', ...PUBLIC_API, rateLimit: 'none' } as const;

/**
 * Every server route under src/routes/api but better-auth's, with its method and every rule it is under.
 * `apiPolicyMiddleware` (src/middleware/policy.ts) enforces demo, impersonation and recent sign-in from
 * here and answers 404 for a path the table does not list; `access` is enforced by the handler
 * (`authorizeRoute`), and the `csv-export` limits by `csvExport` after it; the permission matrix expects
 * `access`.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  {
    path: '/api/health',
    method: 'GET',
    access: 'public',
    demo: 'runs',
    impersonation: 'allowed',
    recentSignIn: false,
    rateLimit: 'none',
  },
  {
    path: '/api/ready',
    method: 'GET',
    access: 'public',
    demo: 'runs',
    impersonation: 'allowed',
    recentSignIn: false,
    rateLimit: 'none',
  },
  // The operator's Prometheus scrape: 404 unless METRICS_TOKEN is set, then only with that bearer token
  // (src/server/http/metrics-endpoint.ts); no session is read, so the demo and impersonation change nothing.
  {
    path: '/api/metrics',
    method: 'GET',
    access: 'public',
    demo: 'runs',
    impersonation: 'allowed',
    recentSignIn: false,
    rateLimit: 'none',
  },
  // The e-mails sent in development, for the dev server's mail viewer.
  {
    path: '/api/dev/emails',
    method: 'GET',
    access: 'development',
    demo: 'runs',
    impersonation: 'allowed',
    recentSignIn: false,
    rateLimit: 'none',
  },
  // The sign-in and verify forms posted before the page hydrated (src/features/auth/sign-in-forms.server.ts):
  // each makes the request the hydrated page makes to better-auth, so that route's rules apply on top
  // (AUTH_ROUTES: /email-otp/send-verification-otp and /sign-in/email-otp, their per-address code limits).
  // Under /api/auth, where the browser sends the cookie that binds a code to it (src/server/auth/codes.ts).
  { path: '/api/auth/form/email', ...SIGN_IN_FORM },
  { path: '/api/auth/form/code', ...SIGN_IN_FORM },
  // The lists' CSV exports, each entity's (src/entities.ts, `exports`), read with the permission of the list
  // they export (as $listUsers, $listRepositories, $listPlatformRepositories and $listAuditEntries); each is
  // audited.
  ...Object.values(entities).flatMap((entity) =>
    'exports' in entity ? entity.exports.map(({ path, access }) => ({ path, access, ...EXPORT })) : [],
  ),
  // Stripe's events (src/features/billing/webhook.server.ts): signed with the webhook's secret, which the
  // handler checks (400 otherwise); 404 with billing off, as in the demo, which has no Stripe.
  {
    path: '/api/billing/webhook',
    method: 'POST',
    access: 'stripe-signature',
    demo: 'runs',
    impersonation: 'allowed',
    recentSignIn: false,
    rateLimit: 'none',
  },
  // The public API: every tenant-owned entity's collection (src/server/api/resources.ts) under one pair of
  // routes, the key's scope for that collection checked by the handler.
  { path: '/api/v1/$collection', method: 'GET', ...API_READ },
  { path: '/api/v1/$collection', method: 'POST', ...API_WRITE },
  { path: '/api/v1/$collection/$id', method: 'GET', ...API_READ },
  { path: '/api/v1/$collection/$id', method: 'PATCH', ...API_WRITE },
  { path: '/api/v1/$collection/$id', method: 'DELETE', ...API_WRITE },
  { path: '/api/v1/openapi.json', ...API_DOCS },
  { path: '/api/v1/reference', ...API_DOCS },
];

/** Whether a route's path (`$name` segments match any one segment) is `path`'s. */
function matches(routePath: string, path: string): boolean {
  const want = routePath.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith('$') ? (got[i] ?? '') !== '' : segment === got[i]))
  );
}

/**
 * The rules of the server route at `pathname` (trailing slashes aside) for `method` (HEAD as GET), if the
 * table lists it: a path without a `$` segment before one with, as the router matches them; a method the
 * path does not answer gets its first row (the route's own answer refuses it).
 */
export function apiRoutePolicy(pathname: string, method = 'GET'): ApiRoute | undefined {
  const path = pathname.replace(/\/+$/, '');
  const asked = method === 'HEAD' ? 'GET' : method;
  const rows = API_ROUTES.filter((route) => matches(route.path, path));
  const literal = rows.filter((route) => !route.path.includes('$'));
  const candidates = literal.length ? literal : rows;
  return candidates.find((route) => route.method === asked) ?? candidates[0];
}
