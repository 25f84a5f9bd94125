import '@tanstack/react-start/server-only';
import { entities } from '../../entities.ts';
import type { Policy } from './policy.ts';

/** One server route under src/routes/api (better-auth's catch-all aside) and its rules. */
export type ApiRoute = Omit<Policy, 'access'> & {
  path: string;
  /** The one method it answers; a POST is same-origin only (CSRF, src/start.ts). */
  method: 'GET' | 'POST';
  /** `development` routes answer 404 in production (the handler says so itself). */
  access: Policy['access'] | 'development';
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
];

/** The rules of the server route at `pathname` (trailing slashes aside), if the table lists it. */
export function apiRoutePolicy(pathname: string): ApiRoute | undefined {
  const path = pathname.replace(/\/+$/, '');
  return API_ROUTES.find((route) => route.path === path);
}
