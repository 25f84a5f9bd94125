import '@tanstack/react-start/server-only';

/**
 * The error of a database call that found no free connection in time: every connection was busy for
 * longer than the wait allowed (a locked table, a slow query ahead). An outage error (503), see errors.ts.
 */
export class PoolTimeoutError extends Error {
  readonly code = 'POOL_TIMEOUT';
  constructor(waitedMs: number) {
    super(`no database connection free within ${waitedMs} ms`);
    this.name = 'PoolTimeoutError';
  }
}

export type Admission = {
  /** Runs `work` once a slot is free, holding the slot until it settles; rejects if none frees in time. */
  run: <T>(work: () => PromiseLike<T>) => Promise<T>;
  /** Slots in use and calls waiting for one (for tests and logs). */
  readonly stats: { active: number; waiting: number };
};

type Waiter = { admit: () => void; timer: NodeJS.Timeout };

/**
 * At most `slots` calls at once; the others wait in order, each for at most `timeoutMs`, then fail with
 * `PoolTimeoutError`. In front of a pool whose connections can carry `slots` statements in all, nothing
 * queues inside the driver, where no time limit applies.
 */
export function createAdmission({ slots, timeoutMs }: { slots: number; timeoutMs: number }): Admission {
  let active = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    const next = waiting.shift();
    if (!next) {
      active -= 1;
      return;
    }
    // The slot passes straight to the next caller: `active` stays the same.
    clearTimeout(next.timer);
    next.admit();
  };

  const acquire = (): Promise<void> => {
    if (active < slots) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new PoolTimeoutError(timeoutMs));
        }, timeoutMs),
      };
      waiting.push(waiter);
    });
  };

  return {
    run: async (work) => {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get stats() {
      return { active, waiting: waiting.length };
    },
  };
}
