import '@tanstack/react-start/server-only';
// What every entry of the policy tables states (docs/decisions/032-one-policy-per-route.md). Relative
// imports with extensions: the permission matrix (e2e) and node scripts read these tables too.
import type { OrganizationPermissionRequest, PermissionRequest } from '../../features/auth/permissions.ts';

/**
 * Who may call: everyone; any signed-in user; those whose platform role grants a permission; any member of
 * the organization (the session's active one for server functions, the one the body names for an auth
 * route); members whose organization role grants a permission there; the invitation's recipient; an
 * organization's API key holding the collection's `read` or `write` scope (the public API, no session). The
 * function's own middleware (or better-auth, for its routes) enforces it; the permission matrix
 * (e2e/permissions.spec.ts) calls every entry as every kind of caller and expects what this says.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'organization-member'
  | 'invitation-recipient'
  | PermissionRequest
  | { organization: OrganizationPermissionRequest }
  | { apiScope: 'read' | 'write' };

/**
 * The counters a call counts against (limits in `src/server/auth/auth.ts` and `src/server/env.ts`):
 * - `auth`: better-auth's per-address, per-route limit (`defaultAuthLimits.perIp`);
 * - `auth-codes`: its tighter per-address limit on asking for and trying codes (`defaultAuthLimits.codes`);
 * - `auth-passkey-options`: the per-address limit on anonymous passkey challenges (each stores a row);
 * - `calls`: a server function's per-user and per-address calls a minute (`SERVER_FN_LIMIT_*`);
 * - `calls+data-export`: `calls`, and "Download my data" five times an hour per user (`EXPORT_LIMIT`);
 * - `csv-export`: a few CSV exports a minute per user, one running at a time, counted by `csvExport` once the
 *   route has authorised the caller (src/server/http/csv-export.ts);
 * - `api-key`: each API key's own calls per window on the public API (`apiKeys.rateLimit`, counted on the
 *   key by better-auth's API-key plugin once the key is known; standard `RateLimit` headers on every answer);
 * - `none`: the health and readiness probes and the metrics scrape, which a load balancer or a scraper calls
 *   often and which read nothing.
 */
type RateLimit =
  | 'auth'
  | 'auth-codes'
  | 'auth-passkey-options'
  | 'calls'
  | 'calls+data-export'
  | 'csv-export'
  | 'api-key'
  | 'none';

/**
 * Every rule a route or server function is under, each stated: nothing defaults, so whoever adds an entry
 * decides each one (policy.test.ts refuses an entry that leaves one out).
 */
export type Policy = {
  access: Access;
  /** Whether the read-only demo runs it: only reads, and signing in and out. */
  demo: 'runs' | 'refused';
  /**
   * Whether an administrator signed in as the user may call it. Refused for whatever changes how the
   * account signs in or who owns it (docs/decisions/017-impersonation-limits.md).
   */
  impersonation: 'allowed' | 'refused';
  /** Whether it needs a sign-in within `auth.recentSignInMinutes` (SESSION_NOT_FRESH otherwise). */
  recentSignIn: boolean;
  rateLimit: RateLimit;
};

/** The rules' names, in the order a reader of the tables expects them. */
const POLICY_RULES = ['access', 'demo', 'impersonation', 'recentSignIn', 'rateLimit'] as const;

const RATE_LIMITS: readonly RateLimit[] = [
  'auth',
  'auth-codes',
  'auth-passkey-options',
  'calls',
  'calls+data-export',
  'csv-export',
  'api-key',
  'none',
];

/** The rules of `policy` that are missing or not one of their values (policy.test.ts, and the CI check). */
export function unstatedRules(policy: Partial<Record<keyof Policy, unknown>>): string[] {
  const valid: Record<keyof Policy, (value: unknown) => boolean> = {
    access: (value) => typeof value === 'string' || (typeof value === 'object' && value !== null),
    demo: (value) => value === 'runs' || value === 'refused',
    impersonation: (value) => value === 'allowed' || value === 'refused',
    recentSignIn: (value) => typeof value === 'boolean',
    rateLimit: (value) => RATE_LIMITS.includes(value as RateLimit),
  };
  return POLICY_RULES.filter((rule) => !Object.hasOwn(policy, rule) || !valid[rule](policy[rule]));
}
