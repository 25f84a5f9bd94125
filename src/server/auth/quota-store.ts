import '@tanstack/react-start/server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';

/**
 * Fixed-window counters shared by every instance: better-auth's per-IP limits and the per-address limit
 * on sending codes both go through one store. `consume` counts one use and answers in one atomic step.
 */
export type QuotaStore = {
  // The shape of better-auth's `rateLimit.customStorage`, so one store serves both.
  consume: (
    key: string,
    rule: { window: number; max: number },
  ) => Promise<{ allowed: boolean; retryAfter: number | null }>;
};

/** Counters in the `rate_limit` table (one upsert per use); the default. */
export function postgresQuotaStore(db: Database): QuotaStore {
  return {
    consume: async (key, { window, max }) => {
      const now = Date.now();
      const windowStart = now - window * 1000;
      const [row] = await db
        .insert(rateLimit)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          // `last_request` holds the window's start: a new window resets the count.
          set: {
            count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
      const count = row?.count ?? 1;
      const startedAt = row?.lastRequest ?? now;
      return count <= max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil((startedAt + window * 1000 - now) / 1000)) };
    },
  };
}

// INCR and the first PEXPIRE in one script, so concurrent instances cannot both start a window.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis (`REDIS_URL`): keys expire with their window. */
export function redisQuotaStore(redis: Redis, prefix = 'starter:quota:'): QuotaStore {
  return {
    consume: async (key, { window, max }) => {
      const [count, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, prefix + key, String(window * 1000))) as [
        number,
        number,
      ];
      return count <= max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
  };
}
