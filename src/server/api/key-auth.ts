import '@tanstack/react-start/server-only';
import type { Auth } from '@/server/auth/auth';
import { recordRateLimitRefusal } from '@/server/metrics';
import { problem } from './problem';

/** The caller of a public API request: its key, the organization that owns it, and what the key may do. */
export type ApiCaller = {
  key: { id: string; name: string };
  organizationId: string;
  permissions: Record<string, string[]>;
  /** The standard `RateLimit` and `RateLimit-Policy` headers of this call, for its answer. */
  rateLimitHeaders: Headers;
};

/** A bearer key as the API reads it: `Authorization: Bearer <key>`, nothing else (no cookie, no query). */
function bearerKey(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{16,256})$/.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

const POLICY = 'per-key';

/**
 * The headers of the IETF RateLimit draft (structured fields): the key's quota and window, what is left of
 * it and the seconds until it is whole again. The plugin's window restarts once a whole window has passed
 * since the key's last accepted call.
 */
function rateLimitHeaders(key: {
  rateLimitMax: number | null;
  rateLimitTimeWindow: number | null;
  requestCount: number;
  lastRequest: Date | string | null;
}): Headers {
  const headers = new Headers();
  if (!key.rateLimitMax || !key.rateLimitTimeWindow) return headers;
  const windowSeconds = Math.ceil(key.rateLimitTimeWindow / 1000);
  const last = key.lastRequest ? new Date(key.lastRequest).getTime() : Date.now();
  const reset = Math.max(0, Math.ceil((last + key.rateLimitTimeWindow - Date.now()) / 1000));
  headers.set('ratelimit-policy', `"${POLICY}";q=${key.rateLimitMax};w=${windowSeconds}`);
  headers.set('ratelimit', `"${POLICY}";r=${Math.max(0, key.rateLimitMax - key.requestCount)};t=${reset}`);
  return headers;
}

const unauthorized = () =>
  problem(401, 'UNAUTHORIZED', { headers: { 'www-authenticate': 'Bearer realm="api"' } });

/**
 * Checks the request's key through better-auth's API-key plugin, which counts the call against the key's
 * own rate limit and records it as the key's last use: the caller, or the answer that refuses it — 401
 * for a missing, unknown, revoked or expired key; 429 with `Retry-After` past the key's limit.
 */
export async function authenticateApiKey(
  auth: Pick<Auth, 'api'>,
  request: Request,
): Promise<ApiCaller | Response> {
  const key = bearerKey(request);
  if (!key) return unauthorized();
  const verified = await auth.api.verifyApiKey({ body: { key } });
  if (!verified.valid || !verified.key) {
    if (verified.error?.code === 'RATE_LIMITED') {
      recordRateLimitRefusal('api-key');
      const details = (verified.error as { details?: { tryAgainIn?: number } }).details;
      const seconds = Math.max(1, Math.ceil((details?.tryAgainIn ?? 1000) / 1000));
      return problem(429, 'TOO_MANY_REQUESTS', { headers: { 'retry-after': String(seconds) } });
    }
    return unauthorized();
  }
  const found = verified.key;
  return {
    key: { id: found.id, name: found.name ?? '' },
    organizationId: found.referenceId,
    permissions: (found.permissions as Record<string, string[]> | null) ?? {},
    rateLimitHeaders: rateLimitHeaders(found),
  };
}

/** Whether the caller's key holds `<collection>:<action>`. */
export function hasScope(caller: ApiCaller, collection: string, action: 'read' | 'write'): boolean {
  return caller.permissions[collection]?.includes(action) ?? false;
}
