import { describe, expect, it } from 'vitest';
import type { QuotaStore } from '@/server/auth/quota-store';
import { batchedQuotaStore } from '@/server/auth/quota-store-batched';
import { countServerFnCall, SERVER_FN_WINDOW_S } from '@/server/http/server-fn-limit';

/**
 * The server-function limits on one shared store (`make` gives another connection to the same one, as
 * a second app instance would have), directly and through the in-memory batching.
 */
export function serverFnLimitContract(name: string, make: () => QuotaStore) {
  let n = 0;
  const id = (label: string) => `${label}-${Date.now().toString(36)}-${++n}`;
  const calls = async (
    store: QuotaStore,
    limits: { perUser: number; perAddress: number },
    caller: object,
    times: number,
  ) => {
    const waits: (number | null)[] = [];
    for (let i = 0; i < times; i++) waits.push(await countServerFnCall(store, limits, caller));
    return waits;
  };
  const variants = [
    { title: 'every call to the store', wrap: (store: QuotaStore) => store, sync: async () => {} },
    {
      title: 'batched in memory',
      wrap: (store: QuotaStore) => batchedQuotaStore(store, { syncMs: 60_000, onError: () => {} }),
      sync: (store: QuotaStore) => (store as ReturnType<typeof batchedQuotaStore>).sync(),
    },
  ];

  for (const variant of variants) {
    describe(`server-function limits on ${name}, ${variant.title}`, () => {
      it('lets a user make `perUser` calls a minute, then answers the seconds to wait; others go on', async () => {
        const store = variant.wrap(make());
        const limits = { perUser: 5, perAddress: 100 };
        const [alice, bob] = [
          { userId: id('alice'), address: id('ip') },
          { userId: id('bob'), address: id('ip') },
        ];
        const waits = await calls(store, limits, alice, 7);
        expect(waits.slice(0, 5)).toEqual([null, null, null, null, null]);
        for (const wait of waits.slice(5)) {
          expect(wait).toBeGreaterThan(SERVER_FN_WINDOW_S - 5);
          expect(wait).toBeLessThanOrEqual(SERVER_FN_WINDOW_S);
        }
        expect(await countServerFnCall(store, limits, bob)).toBeNull();
      });

      it('counts every user and every visitor without a session of one address together', async () => {
        const store = variant.wrap(make());
        const limits = { perUser: 100, perAddress: 4 };
        const address = id('office');
        const waits = [
          ...(await calls(store, limits, { userId: id('u1'), address }, 2)),
          ...(await calls(store, limits, { address }, 2)),
          ...(await calls(store, limits, { userId: id('u2'), address }, 1)),
        ];
        expect(waits.map((w) => w === null)).toEqual([true, true, true, true, false]);
        expect(await countServerFnCall(store, limits, { address: id('elsewhere') })).toBeNull();
      });

      it('limits nothing that is turned off (0) or unknown', async () => {
        const store = variant.wrap(make());
        const waits = await calls(
          store,
          { perUser: 0, perAddress: 0 },
          { userId: id('u'), address: id('ip') },
          3,
        );
        expect(waits).toEqual([null, null, null]);
        expect(await calls(store, { perUser: 1, perAddress: 1 }, {}, 3)).toEqual([null, null, null]);
      });

      it('shares the counts between two instances', async () => {
        const [a, b] = [variant.wrap(make()), variant.wrap(make())];
        const limits = { perUser: 6, perAddress: 100 };
        const caller = { userId: id('roaming'), address: id('ip') };
        expect(await calls(a, limits, caller, 4)).toEqual([null, null, null, null]);
        await variant.sync(a);
        // Batched, an instance learns the shared count when it adds its own uses.
        expect(await countServerFnCall(b, limits, caller)).toBeNull();
        await variant.sync(b);
        expect(await calls(b, limits, caller, 2)).toEqual([null, expect.any(Number)]);
        await countServerFnCall(a, limits, caller);
        await variant.sync(a);
        expect(await countServerFnCall(a, limits, caller)).toEqual(expect.any(Number));
      });

      it('keeps counting on its own while the store fails', async () => {
        const broken: QuotaStore = {
          ...make(),
          consume: () => Promise.reject(new Error('store away')),
          consumeMany: () => Promise.reject(new Error('store away')),
          add: () => Promise.reject(new Error('store away')),
          addMany: () => Promise.reject(new Error('store away')),
        };
        if (variant.title === 'every call to the store') {
          await expect(
            countServerFnCall(broken, { perUser: 1, perAddress: 0 }, { userId: id('u') }),
          ).rejects.toThrow('store away');
          return;
        }
        const store = variant.wrap(broken);
        const caller = { userId: id('offline') };
        const limits = { perUser: 2, perAddress: 0 };
        expect(await calls(store, limits, caller, 2)).toEqual([null, null]);
        await variant.sync(store);
        expect(await countServerFnCall(store, limits, caller)).toEqual(expect.any(Number));
      });
    });
  }
}
