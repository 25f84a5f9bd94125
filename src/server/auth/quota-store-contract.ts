import { describe, expect, it } from 'vitest';
import type { QuotaStore } from './quota-store.ts';

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

    it('keeps keys apart', async () => {
      const store = make();
      const [a, b] = [key(), key()];
      await store.consume(a, { window: 60, max: 1 });
      expect((await store.consume(a, { window: 60, max: 1 })).allowed).toBe(false);
      expect((await store.consume(b, { window: 60, max: 1 })).allowed).toBe(true);
    });
  });
}
