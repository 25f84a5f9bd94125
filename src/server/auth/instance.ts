import '@tanstack/react-start/server-only';
import { getDb } from '@/server/db/database';
import { createSmtpMailer } from '@/server/email/mailer';
import { isDemoMode, serverEnv } from '@/server/env';
import { type Auth, createAuth } from './auth';
import { redisQuotaStore } from './quota-store';
import { getRedis } from '@/server/redis';

let pending: Promise<Auth> | undefined;

/** The process's better-auth instance, built on first use once the database is open. */
export function getAuth(): Promise<Auth> {
  pending ??= getDb()
    .then((db) => {
      const env = serverEnv();
      return createAuth({
        db,
        env,
        mailer: createSmtpMailer(env.EMAIL_SERVER, env.EMAIL_FROM),
        baseURL: env.BETTER_AUTH_URL ?? import.meta.env.VITE_BASE_URL ?? 'http://localhost:3000',
        signUpEnabled: env.AUTH_SIGN_UP === 'true',
        demo: isDemoMode(),
        quotaStore: env.REDIS_URL ? redisQuotaStore(getRedis(env.REDIS_URL)) : undefined,
      });
    })
    .catch((error: unknown) => {
      // Not cached: the next request tries again once the database is back.
      pending = undefined;
      throw error;
    });
  return pending;
}
