import '@tanstack/react-start/server-only';
// The shape of a route's rule as the features define it and auth.ts registers it with better-auth.
import type { createAuthMiddleware } from 'better-auth/api';

/** What better-auth's `before` and `after` hooks receive. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * One route's rule: `before` may refuse (throw an APIError) or hand better-auth a cleaned body
 * (`{ context: { body } }`); `after` may refuse, or replace the answer.
 */
export type RouteRule = {
  before?: (ctx: AuthHookContext) => unknown;
  after?: (ctx: AuthHookContext) => unknown;
};

/** A `before` result that makes better-auth continue with `body` instead of the caller's. */
export const withBody = (body: Record<string, unknown>) => ({ context: { body } });

/**
 * The client's address for an audit entry written by a hook: the request's only X-Forwarded-For entry,
 * which is `clientIp()`'s answer, set on every request that reaches better-auth (`withClientIp` over HTTP,
 * `authApiHeaders` for server code's `auth.api` calls). Null when none was set.
 */
export function hookClientIp(ctx: { headers?: Headers | undefined }): string | null {
  return ctx.headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}
