import '@tanstack/react-start/server-only';
import { setResponseHeader } from '@tanstack/react-start/server';
import { tooManyRequests } from '@/lib/errors';
import { getServerFnQuotaStore } from '@/server/auth/instance';
import type { QuotaStore } from '@/server/auth/quota-store';
import { requestSession } from '@/server/auth/session';
import { clientIp } from '@/server/client-ip';
import { isDemoMode, serverEnv } from '@/server/env';
import { recordRateLimitRefusal } from '@/server/metrics';
import { currentRequest } from './request-context.ts';

/** The limits count calls per fixed minute. */
export const SERVER_FN_WINDOW_S = 60;

/** Calls per minute; 0 turns that limit off. */
export type ServerFnLimits = { perUser: number; perAddress: number };

export type ServerFnCaller = { userId?: string | undefined; address?: string | null | undefined };

/**
 * Counts one server-function call against the caller's user and client address (each limit that
 * applies; a call without a session counts for its address only). Answers the seconds to wait when a
 * limit is reached, null when the call may go on.
 */
export async function countServerFnCall(
  store: QuotaStore,
  limits: ServerFnLimits,
  caller: ServerFnCaller,
): Promise<number | null> {
  const uses: { key: string; rule: { window: number; max: number } }[] = [];
  const rule = (max: number) => ({ window: SERVER_FN_WINDOW_S, max });
  if (caller.userId && limits.perUser > 0)
    uses.push({ key: `fn:user:${caller.userId}`, rule: rule(limits.perUser) });
  if (caller.address && limits.perAddress > 0) {
    uses.push({ key: `fn:ip:${caller.address}`, rule: rule(limits.perAddress) });
  }
  if (uses.length === 0) return null;
  // Both counts in one round trip when the store is asked at every call.
  const answers = await store.consumeMany(uses);
  const waits = answers.filter((a) => !a.allowed).map((a) => a.retryAfter ?? SERVER_FN_WINDOW_S);
  return waits.length ? Math.max(...waits) : null;
}

/**
 * The limit on the current server-function call, over HTTP or made while rendering a page: throws 429
 * `TOO_MANY_REQUESTS:<seconds>` (with a Retry-After header over HTTP) past a limit. Counters that cannot
 * be reached (the database away) limit nothing: the call then meets the outage itself if it needs them.
 */
export async function limitServerFnCall(): Promise<void> {
  const request = currentRequest();
  const env = serverEnv();
  const limits = { perUser: env.SERVER_FN_LIMIT_PER_USER, perAddress: env.SERVER_FN_LIMIT_PER_ADDRESS };
  if (!request || (limits.perUser === 0 && limits.perAddress === 0)) return;
  let wait: number | null;
  try {
    // Every demo visitor is signed in as the same account: per user would be one count for them all.
    const session = limits.perUser > 0 && !isDemoMode() ? await requestSession().catch(() => null) : null;
    const store = await getServerFnQuotaStore();
    wait = await countServerFnCall(store, limits, { userId: session?.user.id, address: clientIp() });
  } catch {
    return;
  }
  if (wait === null) return;
  recordRateLimitRefusal('server-fn');
  if (request.handlerType === 'serverFn') setResponseHeader('retry-after', String(wait));
  throw tooManyRequests(wait);
}
