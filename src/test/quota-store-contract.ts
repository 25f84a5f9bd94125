import { describe, expect, it } from 'vitest';
import type { QuotaStore } from '@/server/auth/quota-store';

/** Behaviour every quota store must have; run against each implementation. */
export function quotaStoreContract(name: string, make: () => QuotaStore) {
  describe(`${name} quota store`, () => {
    let n = 0;
    const key = () => `contract-${Date.now()}-${++n}`;

    it('allows `max` uses in a window, then refuses with the seconds left', async () => {
      const store = make();
      const k = key();
      for (let i = 0; i < 3; i++) expect((await store.consume(k, { window: 60, max: 3 })).allowed).toBe(true);
      const refused = await store.consume(k, { window: 60, max: 3 });
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThan(55);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    });

    it('starts a new window once the old one has passed', async () => {
      const store = make();
      const k = key();
      expect((await store.consume(k, { window: 1, max: 1 })).allowed).toBe(true);
      expect((await store.consume(k, { window: 1, max: 1 })).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await store.consume(k, { window: 1, max: 1 })).allowed).toBe(true);
    });

    it('counts concurrent uses exactly', async () => {
      const store = make();
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => store.consume(k, { window: 60, max: 5 })),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    });

    it('adds several uses at once and tells when the window ends', async () => {
      const store = make();
      const k = key();
      const rule = { window: 60, max: 8 };
      const before = Date.now();
      const first = await store.add(k, rule, 3);
      expect(first.count).toBe(3);
      expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_000);
      expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
      const second = await store.add(k, rule, 4);
      expect(second.count).toBe(7);
      expect(Math.abs(second.resetAt - first.resetAt)).toBeLessThan(100);
      expect((await store.consume(k, rule)).allowed).toBe(true);
      expect((await store.consume(k, rule)).allowed).toBe(false);
    });

    it('adds to many keys in one call, each in its own window, answering in order', async () => {
      const store = make();
      const [a, b] = [key(), key()];
      await store.add(a, { window: 60, max: 10 }, 2);
      const answers = await store.addMany([
        { key: b, rule: { window: 30, max: 10 }, uses: 5 },
        { key: a, rule: { window: 60, max: 10 }, uses: 1 },
      ]);
      expect(answers.map((use) => use.count)).toEqual([5, 3]);
      expect(answers[0]?.resetAt).toBeLessThanOrEqual(Date.now() + 30_000);
      expect(answers[1]?.resetAt).toBeGreaterThan(Date.now() + 55_000);
    });

    it('consumes several keys at once, each against its own rule', async () => {
      const store = make();
      const [a, b] = [key(), key()];
      await store.consume(a, { window: 60, max: 1 });
      const answers = await store.consumeMany([
        { key: a, rule: { window: 60, max: 1 } },
        { key: b, rule: { window: 60, max: 1 } },
      ]);
      expect(answers.map((answer) => answer.allowed)).toEqual([false, true]);
      expect(answers[0]?.retryAfter).toBeGreaterThan(55);
    });

    it('keeps keys apart', async () => {
      const store = make();
      const [a, b] = [key(), key()];
      await store.consume(a, { window: 60, max: 1 });
      expect((await store.consume(a, { window: 60, max: 1 })).allowed).toBe(false);
      expect((await store.consume(b, { window: 60, max: 1 })).allowed).toBe(true);
    });
  });
}
