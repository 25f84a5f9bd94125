import '@tanstack/react-start/server-only';
import { randomUUID } from 'node:crypto';
import { and, inArray, lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';

/** `max` uses per fixed window of `window` seconds, the window starting at its first use. */
export type QuotaRule = { window: number; max: number };

/** Where a key's current window stands: its uses so far and when it ends (ms since the epoch). */
export type QuotaUse = { count: number; resetAt: number };

export type QuotaAnswer = { allowed: boolean; retryAfter: number | null };

/**
 * Fixed-window counters shared by every instance: better-auth's per-IP limits, the per-address limit on
 * sending codes and the server-function limits all go through one store.
 */
export type QuotaStore = {
  /** Counts one use and answers in one atomic step (the shape of better-auth's `customStorage`). */
  consume: (key: string, rule: QuotaRule) => Promise<QuotaAnswer>;
  /** `consume` for several keys (each at most once) in one round trip; answers in the same order. */
  consumeMany: (uses: { key: string; rule: QuotaRule }[]) => Promise<QuotaAnswer[]>;
  /** Adds `uses` at once to the key's current window (starting one if none runs); atomic. */
  add: (key: string, rule: QuotaRule, uses: number) => Promise<QuotaUse>;
  /** `add` for many keys (each at most once) in one round trip; answers in the same order. */
  addMany: (batch: QuotaAddition[]) => Promise<QuotaUse[]>;
  /** Deletes the windows that ended by `now` and answers how many; a store that expires keys itself does nothing. */
  prune: (now?: number) => Promise<number>;
};

export type QuotaAddition = { key: string; rule: QuotaRule; uses: number };

/** `add` and the `consume`s in terms of `addMany`. */
function storeOf(addMany: QuotaStore['addMany'], prune: QuotaStore['prune']): QuotaStore {
  const consumeMany: QuotaStore['consumeMany'] = async (uses) => {
    const answers = await addMany(uses.map(({ key, rule }) => ({ key, rule, uses: 1 })));
    // The time the store answered: Redis gives a window's end as its time left then, so a clock read before
    // the round trip would add the trip's time to it (61 s to wait in a 60 s window under load).
    const now = Date.now();
    return answers.map((use, i) => answerFor(use, uses[i]?.rule ?? { window: 0, max: 0 }, now));
  };
  const add: QuotaStore['add'] = async (key, rule, uses) => {
    const [use] = await addMany([{ key, rule, uses }]);
    if (!use) throw new Error('the quota store answered nothing');
    return use;
  };
  const consume: QuotaStore['consume'] = async (key, rule) => answerFor(await add(key, rule, 1), rule);
  return { add, addMany, prune, consume, consumeMany };
}

/** The answer for a window that now holds `use`: refused past `max`, with the whole seconds left. */
export function answerFor(use: QuotaUse, rule: QuotaRule, now = Date.now()): QuotaAnswer {
  return use.count <= rule.max
    ? { allowed: true, retryAfter: null }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil((use.resetAt - now) / 1000)) };
}

/** Rows per statement, so a statement never holds many row locks or parameters. */
const BATCH = 1_000;
/** Delete statements per prune: a backlog larger than this is finished by the next runs. */
const PRUNE_MAX_BATCHES = 100;

/** Counters in the `rate_limit` table (one upsert per call, of one or many keys); the default. */
export function postgresQuotaStore(db: Database): QuotaStore {
  const addMany: QuotaStore['addMany'] = async (batch) => {
    const now = Date.now();
    const answers = new Map<string, QuotaUse>();
    for (let i = 0; i < batch.length; i += BATCH) {
      for (const [key, use] of await upsertWindows(db, batch.slice(i, i + BATCH), now)) answers.set(key, use);
    }
    return batch.map(
      ({ key, rule, uses }) => answers.get(key) ?? { count: uses, resetAt: now + rule.window * 1000 },
    );
  };
  return storeOf(addMany, (now = Date.now()) => pruneWindows(db, now));
}

/** Adds each key's uses to its window (a window that has ended starts again with them), in one statement. */
async function upsertWindows(db: Database, batch: QuotaAddition[], now: number) {
  // Sorted: two instances upserting the same keys lock them in the same order, so never deadlock.
  const rows = [...batch]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key, rule, uses }) => ({
      id: randomUUID(),
      key,
      count: uses,
      lastRequest: now,
      expiresAt: now + rule.window * 1000,
    }));
  // `last_request` keeps the window's start, `expires_at` its end.
  const ended = sql`${rateLimit.expiresAt} <= ${now}`;
  const answered = await db
    .insert(rateLimit)
    .values(rows)
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${ended} then excluded.count else ${rateLimit.count} + excluded.count end`,
        lastRequest: sql`case when ${ended} then excluded.last_request else ${rateLimit.lastRequest} end`,
        expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimit.expiresAt} end`,
      },
    })
    .returning({ key: rateLimit.key, count: rateLimit.count, resetAt: rateLimit.expiresAt });
  return new Map(answered.map(({ key, ...use }) => [key, use]));
}

/** Deletes the windows that ended by `now`, a batch per statement; answers how many. */
async function pruneWindows(db: Database, now: number): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
    // Rows another statement holds are left for the next run rather than waited for (no deadlock);
    // the expiry is checked again on delete, so a window restarted meanwhile is kept.
    const expired = db
      .select({ key: rateLimit.key })
      .from(rateLimit)
      .where(lte(rateLimit.expiresAt, now))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(rateLimit)
      .where(and(inArray(rateLimit.key, expired), lte(rateLimit.expiresAt, now)))
      .returning({ key: rateLimit.key });
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
}

// INCRBY, then an expiry if the key has none (it was just created), in one script, so concurrent
// instances cannot both start a window.
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Counters in Redis (`REDIS_URL`): keys expire with their window; many keys go in one pipeline. */
export function redisQuotaStore(redis: Redis, prefix = 'starter:quota:'): QuotaStore {
  const addMany: QuotaStore['addMany'] = async (batch) => {
    const pipeline = redis.pipeline();
    for (const { key, rule, uses } of batch) {
      pipeline.eval(ADD_SCRIPT, 1, prefix + key, String(rule.window * 1000), String(uses));
    }
    const results = (await pipeline.exec()) ?? [];
    const now = Date.now();
    return results.map(([error, result]) => {
      if (error) throw error;
      const [count, ttl] = result as [number, number];
      return { count, resetAt: now + ttl };
    });
  };
  return storeOf(addMany, async () => 0);
}
