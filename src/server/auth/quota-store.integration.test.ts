import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { quotaStoreContract } from '@/test/quota-store-contract';
import { postgresQuotaStore } from './quota-store.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.cleanup());

quotaStoreContract('database', () => postgresQuotaStore(testDb.handle.db));

describe('pruning the database quota store', () => {
  const rows = (keys: string[]) =>
    testDb.handle.db
      .select({ key: rateLimit.key, count: rateLimit.count })
      .from(rateLimit)
      .where(inArray(rateLimit.key, keys));

  it('deletes the windows that have ended and keeps the running ones', async () => {
    const store = postgresQuotaStore(testDb.handle.db);
    const [ended, running] = [`prune-ended-${Date.now()}`, `prune-running-${Date.now()}`];
    await store.consume(ended, { window: 1, max: 5 });
    await store.consume(running, { window: 60, max: 5 });
    await store.consume(running, { window: 60, max: 5 });
    await store.prune();
    expect(await rows([ended, running])).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await rows([ended, running])).toEqual([{ key: running, count: 2 }]);
    // The pruned key starts a fresh window at its next use.
    expect(await store.add(ended, { window: 60, max: 5 }, 1)).toMatchObject({ count: 1 });
  });

  it('deletes a backlog larger than one batch, from two instances at once, while counting goes on', async () => {
    const db = testDb.handle.db;
    const prefix = `prune-backlog-${Date.now()}-`;
    const past = Date.now() - 1_000;
    const backlog = Array.from({ length: 2_500 }, (_, i) => ({
      id: `${prefix}${i}`,
      key: `${prefix}${i}`,
      count: 1,
      lastRequest: past - 60_000,
      expiresAt: past,
    }));
    for (let i = 0; i < backlog.length; i += 500)
      await db.insert(rateLimit).values(backlog.slice(i, i + 500));
    const live = `${prefix}live`;
    const [a, b] = [postgresQuotaStore(db), postgresQuotaStore(db)];
    const [prunedA, prunedB, ...uses] = await Promise.all([
      a.prune(),
      b.prune(),
      ...Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).consume(live, { window: 60, max: 100 })),
    ]);
    // Other tests of this file may have left ended windows too.
    expect(prunedA + prunedB).toBeGreaterThanOrEqual(backlog.length);
    expect(uses.every((use) => typeof use === 'object' && use.allowed)).toBe(true);
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimit)
      .where(sql`${rateLimit.key} like ${`${prefix}%`}`);
    expect(left?.n).toBe(1);
    const [counted] = await db
      .select({ count: rateLimit.count })
      .from(rateLimit)
      .where(eq(rateLimit.key, live));
    expect(counted?.count).toBe(20);
  });
});
