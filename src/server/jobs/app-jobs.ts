import '@tanstack/react-start/server-only';
import type { SendOptions } from 'pg-boss';
import { countJobsByQueue } from '@/features/jobs/data.server';
import { postgresQuotaStore } from '@/server/auth/quota-store';
import type { Database } from '@/server/db/client';
import { getDatabaseHandle } from '@/server/db/database';
import { createSmtpMailer } from '@/server/email/mailer';
import { serverEnv } from '@/server/env';
import { registerGauge } from '@/server/metrics';
import type { JobData, QueueName } from './queues';
import { setQueuePort } from './queue-port';
import { createJobRunner, type JobRunner } from './runner';

type Holder = { runner?: Promise<JobRunner>; provided?: () => Promise<JobRunner> };

// On globalThis, like the database handle: one queue runner per process, whichever copy of this module
// in the bundle asks first, and kept across Vite's hot reloads.
const holder: Holder = ((globalThis as { __starterJobs?: Holder }).__starterJobs ??= {});

/** The process's job runner, started on first use once the database is open. */
export function getJobRunner(): Promise<JobRunner> {
  if (holder.provided) return holder.provided();
  if (!holder.runner) {
    holder.runner = (async () => {
      const env = serverEnv();
      const handle = await getDatabaseHandle();
      const runner = createJobRunner(handle, {
        mailer: createSmtpMailer(env.EMAIL_SERVER, env.EMAIL_FROM),
        // With REDIS_URL the counters are Redis keys that expire by themselves.
        pruneRateLimits: async () => (env.REDIS_URL ? 0 : postgresQuotaStore(handle.db).prune()),
        auditRetentionDays: env.AUDIT_RETENTION_DAYS,
        webhooks: {
          secretKey: env.BETTER_AUTH_SECRET,
          allowPrivateAddresses: env.NODE_ENV !== 'production' || env.WEBHOOKS_ALLOW_PRIVATE === 'true',
          baseURL: env.BETTER_AUTH_URL ?? import.meta.env.VITE_BASE_URL ?? 'http://localhost:3000',
        },
      });
      await runner.start();
      registerGauge({
        name: 'starter_jobs',
        help: 'Jobs per queue by state: waiting (due or retrying later), running, failed (no tries left), completed (kept 7 days).',
        labelNames: ['queue', 'state'],
        read: async () =>
          (await countJobsByQueue(handle.db)).flatMap(({ queue, ...states }) =>
            Object.entries(states).map(([state, value]) => ({ labels: { queue, state }, value })),
          ),
      });
      return runner;
    })();
    // A failed start is not kept: the next use tries again once the database is back.
    holder.runner.catch(() => {
      holder.runner = undefined;
    });
  }
  return holder.runner;
}

/**
 * Makes the runner `get` answers this process's job runner: a process that made its own on another
 * database (the test harness, src/test/auth.ts) has the product's code enqueue there.
 */
export function provideJobRunner(get: () => Promise<JobRunner>): void {
  holder.provided = get;
}

/** A job added through `executor` (the app's database or a transaction on it): see `JobRunner.enqueue`. */
export async function enqueueJob<Name extends QueueName>(
  executor: Pick<Database, 'execute'>,
  name: Name,
  data: JobData[Name],
  options?: Pick<SendOptions, 'singletonKey' | 'startAfter' | 'id'>,
): Promise<string | null> {
  return (await getJobRunner()).enqueue(executor, name, data, options);
}

setQueuePort((executor, name, data) => enqueueJob(executor, name, data));

/** At shutdown, before the database closes: no new jobs taken, running ones given `timeoutMs`. */
export async function stopJobRunner(timeoutMs: number): Promise<void> {
  const pending = holder.runner;
  holder.runner = undefined;
  const runner = await pending?.catch(() => undefined);
  await runner?.stop(timeoutMs);
}

/** Whether this process's queue is started (starting it if it is not) and its tables answer. */
export async function jobsReachable(): Promise<boolean> {
  const runner = await getJobRunner().catch(() => undefined);
  return runner ? runner.reachable() : false;
}
