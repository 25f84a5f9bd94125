import '@tanstack/react-start/server-only';
import { getDb } from '@/server/db/database';
import { createSmtpMailer } from '@/server/email/mailer';
import { enqueueJob } from '@/server/jobs/app-jobs';
import { isDemoMode, serverEnv } from '@/server/env';
import { logger, serializeError } from '@/server/logger';
import { getRedis } from '@/server/redis';
import { type Auth, createAuth } from './auth';
import { postgresQuotaStore, type QuotaStore, redisQuotaStore } from './quota-store';
import { batchedQuotaStore } from './quota-store-batched';

let pending: Promise<Auth> | undefined;

/** The process's better-auth instance, built on first use once the database is open. */
export function getAuth(): Promise<Auth> {
  pending ??= Promise.all([getDb(), getQuotaStore()])
    .then(([db, quotaStore]) => {
      const env = serverEnv();
      return createAuth({
        db,
        env,
        mailer: createSmtpMailer(env.EMAIL_SERVER, env.EMAIL_FROM),
        outbox: { send: async (mail) => void (await enqueueJob(db, 'mail', mail)) },
        baseURL: env.BETTER_AUTH_URL ?? import.meta.env.VITE_BASE_URL ?? 'http://localhost:3000',
        signUpEnabled: env.AUTH_SIGN_UP === 'true',
        demo: isDemoMode(),
        quotaStore,
      });
    })
    .catch((error: unknown) => {
      // Not cached: the next request tries again once the database is back.
      pending = undefined;
      throw error;
    });
  return pending;
}

type Stores = { shared?: Promise<QuotaStore>; serverFn?: Promise<QuotaStore> };

// On globalThis, like the database handle: one set of counters (and one pruning timer) per process,
// whichever copy of this module in the bundle asks first.
const stores: Stores = ((globalThis as { __starterQuota?: Stores }).__starterQuota ??= {});

/**
 * The rate-limit counters every instance shares: Redis with `REDIS_URL`, else the `rate_limit` table,
 * whose ended windows a scheduled job deletes every minute. Every use is counted in
 * the store itself, so a limit of a few uses an hour (data exports) is exact across instances.
 */
export function getQuotaStore(): Promise<QuotaStore> {
  stores.shared ??= (async () => {
    const env = serverEnv();
    if (env.REDIS_URL) return redisQuotaStore(getRedis(env.REDIS_URL));
    // Ended windows are deleted by the job queue's `rate-limit-pruning` schedule (src/server/jobs).
    return postgresQuotaStore(await getDb());
  })().catch((error: unknown) => {
    stores.shared = undefined;
    throw error;
  });
  return stores.shared;
}

/**
 * The counters of the server-function limits: the shared store, in front of it the in-memory batching
 * of `batchedQuotaStore` unless `SERVER_FN_LIMIT_SYNC_MS=0`.
 */
export function getServerFnQuotaStore(): Promise<QuotaStore> {
  stores.serverFn ??= getQuotaStore().then(
    (shared) => {
      const syncMs = serverEnv().SERVER_FN_LIMIT_SYNC_MS;
      if (syncMs === 0) return shared;
      return batchedQuotaStore(shared, {
        syncMs,
        onError: (error) => logger.warn({ err: serializeError(error) }, 'server-function counts not synced'),
      });
    },
    (error: unknown) => {
      stores.serverFn = undefined;
      throw error;
    },
  );
  return stores.serverFn;
}
