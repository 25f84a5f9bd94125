import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedQuotaStore } from './quota-store-batched.ts';
import { answerFor, type QuotaAddition, type QuotaStore } from './quota-store.ts';

/** A shared store in memory that records each round trip. */
function memoryStore() {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const trips: QuotaAddition[][] = [];
  const addMany: QuotaStore['addMany'] = async (batch) => {
    trips.push(batch);
    const now = Date.now();
    return batch.map(({ key, rule, uses }) => {
      const current = windows.get(key);
      const next =
        current && current.resetAt > now
          ? { ...current, count: current.count + uses }
          : { count: uses, resetAt: now + rule.window * 1000 };
      windows.set(key, next);
      return next;
    });
  };
  const store: QuotaStore = {
    addMany,
    add: async (key, rule, uses) => (await addMany([{ key, rule, uses }]))[0] ?? { count: 0, resetAt: 0 },
    consume: async (key, rule) =>
      answerFor((await addMany([{ key, rule, uses: 1 }]))[0] ?? { count: 0, resetAt: 0 }, rule),
    consumeMany: (uses) => Promise.all(uses.map(({ key, rule }) => store.consume(key, rule))),
    prune: async () => 0,
  };
  return { store, trips, windows };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('batchedQuotaStore', () => {
  it('sends the uses of every key in one round trip per sync, none per call', async () => {
    vi.useFakeTimers();
    const shared = memoryStore();
    const store = batchedQuotaStore(shared.store, { syncMs: 1_000, onError: () => {} });
    const rule = { window: 60, max: 10 };
    for (let i = 0; i < 5; i++) await store.consume('a', rule);
    await store.consume('b', rule);
    expect(shared.trips).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shared.trips).toEqual([
      [
        { key: 'a', rule, uses: 5 },
        { key: 'b', rule, uses: 1 },
      ],
    ]);
    expect(shared.windows.get('a')?.count).toBe(5);
  });

  it('refuses until the shared window (started at the first sync) is over, then starts afresh', async () => {
    vi.useFakeTimers();
    const shared = memoryStore();
    const store = batchedQuotaStore(shared.store, { syncMs: 1_000, onError: () => {} });
    const rule = { window: 2, max: 1 };
    expect((await store.consume('k', rule)).allowed).toBe(true);
    expect(await store.consume('k', rule)).toEqual({ allowed: false, retryAfter: 2 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await store.consume('k', rule)).retryAfter).toBe(2);
    await vi.advanceTimersByTimeAsync(1_500);
    expect((await store.consume('k', rule)).retryAfter).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    expect((await store.consume('k', rule)).allowed).toBe(true);
  });

  it('asks the shared store directly for keys beyond the ones it may follow', async () => {
    const shared = memoryStore();
    const store = batchedQuotaStore(shared.store, { syncMs: 60_000, maxKeys: 1, onError: () => {} });
    await store.consume('first', { window: 60, max: 5 });
    await store.consume('second', { window: 60, max: 5 });
    expect(shared.trips).toEqual([[{ key: 'second', rule: { window: 60, max: 5 }, uses: 1 }]]);
  });
});
