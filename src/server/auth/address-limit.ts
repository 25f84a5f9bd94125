import '@tanstack/react-start/server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';

export type QuotaResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one use of `key` in a fixed window shared by every instance (one atomic upsert in the
 * database). Refuses once `max` uses happened in the current window.
 */
export async function consumeQuota(
  db: Database,
  key: string,
  max: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<QuotaResult> {
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      // `last_request` holds the window's start for these keys: a new window resets the count.
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest });
  const count = row?.count ?? 1;
  const startedAt = row?.lastRequest ?? now;
  return {
    allowed: count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((startedAt + windowSeconds * 1000 - now) / 1000)),
  };
}
