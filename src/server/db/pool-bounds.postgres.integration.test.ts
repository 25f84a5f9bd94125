// A locked table (an ALTER TABLE, a long transaction) must not hold requests without limit: each waits
// for a connection at most the pool timeout and for a lock at most the lock timeout, fails as an outage
// (503), and the pool serves again as soon as the lock goes. Needs a server: PGlite has one connection.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { repository, user } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from '@/test/database';

const POOL = 4;
const POOL_TIMEOUT_MS = 500;
const LOCK_TIMEOUT_MS = 1_000;

let testDb: TestDatabase;
let handle: DatabaseHandle;
let locker: postgres.Sql;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const url = testDb.url ?? '';
  handle = await openDatabase({
    url,
    poolMax: POOL,
    poolTimeoutMs: POOL_TIMEOUT_MS,
    lockTimeoutMs: LOCK_TIMEOUT_MS,
  });
  locker = postgres(url, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await locker.end({ timeout: 5 });
  await handle.close();
  await testDb.cleanup();
});

type Settled = { ok: boolean; error?: unknown; ms: number };

/** Runs every call at once; each settles on its own or is reported unsettled after `limitMs`. */
async function settleAll(calls: (() => Promise<unknown>)[], limitMs: number) {
  const started = performance.now();
  const outcomes = calls.map(
    (call) =>
      new Promise<Settled | 'pending'>((resolve) => {
        const timer = setTimeout(() => resolve('pending'), limitMs);
        const done = (outcome: Settled) => {
          clearTimeout(timer);
          resolve(outcome);
        };
        call().then(
          () => done({ ok: true, ms: performance.now() - started }),
          (error: unknown) => done({ ok: false, error, ms: performance.now() - started }),
        );
      }),
  );
  return Promise.all(outcomes);
}

/** Holds an ACCESS EXCLUSIVE lock on `table` (as an ALTER TABLE does) until the returned function runs. */
async function holdLock(table: string): Promise<() => Promise<void>> {
  const reserved = await locker.reserve();
  await reserved`begin`;
  await reserved.unsafe(`lock table "${table}" in access exclusive mode`);
  return async () => {
    await reserved`rollback`;
    reserved.release();
  };
}

describe('bounded waits on Postgres', () => {
  it('answers more concurrent requests than the pool holds within the bounds while a table is locked', async () => {
    const release = await holdLock('repository');
    const read = () => handle.db.select({ id: repository.id }).from(repository).limit(1);
    const inTransaction = () =>
      handle.db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).limit(1);
        return tx.select({ id: repository.id }).from(repository).limit(1);
      });
    const calls = Array.from({ length: 4 * POOL }, (_, i) => (i % 3 === 0 ? inTransaction : read));
    // Without bounds these wait for the lock until the statement timeout, one after another. With them,
    // a call waits for a slot, then at most for the statement ahead of it and its own.
    const bound = POOL_TIMEOUT_MS + 2 * LOCK_TIMEOUT_MS + 1_000;
    let outcomes: (Settled | 'pending')[];
    try {
      outcomes = await settleAll(calls, bound + 2_000);
    } finally {
      await release();
    }
    const pending = outcomes.filter((o) => o === 'pending');
    expect(pending, `${pending.length} of ${calls.length} still waiting after ${bound + 2_000} ms`).toEqual(
      [],
    );
    const settled = outcomes as Settled[];
    expect(settled.filter((o) => o.ok)).toEqual([]);
    expect(settled.filter((o) => !isDatabaseUnavailable(o.error)).map((o) => String(o.error))).toEqual([]);
    expect(Math.max(...settled.map((o) => o.ms))).toBeLessThan(bound);

    // Recovered by itself: every connection serves again.
    const again = await settleAll(calls, 2_000);
    expect(again.map((o) => o !== 'pending' && o.ok)).toEqual(calls.map(() => true));
  });

  it('fails a call that finds every connection busy after the pool timeout, not when one frees', async () => {
    // drizzle's queries start when awaited: `Promise.resolve` does that now.
    // Two statements per connection at most (client.ts): every slot taken.
    const busy = Array.from({ length: 2 * POOL }, () =>
      Promise.resolve(handle.db.execute(sql`select pg_sleep(1.5)`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const error = await handle.db
      .select({ id: user.id })
      .from(user)
      .limit(1)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const waited = performance.now() - started;
    await Promise.all(busy);
    expect(error).toMatchObject({ cause: { code: 'POOL_TIMEOUT' } });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(POOL_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(1_200);
  });

  it('lets the migration lock wait for a table lock longer than the lock timeout', async () => {
    const release = await holdLock('repository');
    const releasing = new Promise((resolve) => setTimeout(resolve, LOCK_TIMEOUT_MS + 500)).then(release);
    const migrated = handle.withLock(4_242, (db) =>
      db.transaction((tx) => tx.execute(sql`lock table "repository" in share mode`)),
    );
    await expect(migrated).resolves.toBeDefined();
    await releasing;
  });
});
