import '@tanstack/react-start/server-only';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type PgBoss, type SendOptions } from 'pg-boss';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { logger, serializeError } from '@/server/logger';
import { recordJobAttempt } from '@/server/metrics';
import { createBoss } from './boss';
import { HANDLERS, type JobContext } from './handlers';
import { type JobData, QUEUE_NAMES, QUEUES, type QueueName, schedules } from './queues';

export type JobRunnerSettings = {
  /** Work the queues here (default true); false: only enqueue and read, as a web-only instance would. */
  work?: boolean;
  /** Seconds between two looks at a queue that NOTIFY does not wake (pg-boss's default: 2). */
  pollingIntervalSeconds?: number;
  /**
   * Seconds between two looks at a queue NOTIFY wakes (`mail`): for what no insert announces, a retry
   * that has become due (10; pg-boss's default is 30).
   */
  notifyPollingIntervalSeconds?: number;
  /** pg-boss's supervision and schedule intervals, shortened by tests. */
  superviseIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
};

export type JobRunner = {
  /** Installs pg-boss's schema (first time), creates the queues, registers the schedules, starts the workers. */
  start: () => Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` for the running ones; those still running are retried later. */
  stop: (timeoutMs: number) => Promise<void>;
  /**
   * Adds a job through `executor`, the app's database or a transaction on it: in a transaction, the job
   * exists once it commits and never if it rolls back. Answers the job's id (null when a deduplication
   * key dropped it).
   */
  enqueue: <Name extends QueueName>(
    executor: Pick<Database, 'execute'>,
    name: Name,
    data: JobData[Name],
    options?: Pick<SendOptions, 'singletonKey' | 'startAfter' | 'id'>,
  ) => Promise<string | null>;
  /**
   * Resolves once no job of `name` is waiting to run now or running (those retried later do not count):
   * for tests and tools that must see a job's effect. Rejects after `timeoutMs`.
   */
  drained: (name: QueueName, timeoutMs?: number) => Promise<void>;
  /** Whether the queue's tables answer (for `/api/ready`). */
  reachable: () => Promise<boolean>;
  boss: PgBoss;
};

/** The product's queues (./queues.ts) on the database behind `handle`, worked by ./handlers.ts. */
export function createJobRunner(
  handle: DatabaseHandle,
  context: Omit<JobContext, 'handle' | 'enqueue'>,
  settings: JobRunnerSettings = {},
): JobRunner {
  const work = settings.work ?? true;
  const boss = createBoss(handle.queueConnection, {
    schedule: work,
    supervise: work,
    useListenNotify: work,
    ...(settings.superviseIntervalSeconds
      ? { superviseIntervalSeconds: settings.superviseIntervalSeconds }
      : {}),
    ...(settings.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds }
      : {}),
    ...(settings.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: settings.cronWorkerIntervalSeconds }
      : {}),
  });
  // An EventEmitter's unheard 'error' would end the process; pg-boss reports its background failures here.
  boss.on('error', (error) => logger.warn({ err: serializeError(error) }, 'job queue error'));
  const enqueue: JobRunner['enqueue'] = (executor, name, data, options = {}) =>
    // Both drivers' `execute` answer one of the shapes pg-boss reads: postgres.js a row list, PGlite `{ rows }`.
    boss.send(name, data, { ...options, db: fromDrizzle(executor as DrizzleTransactionLike, sql) });
  const jobContext: JobContext = { ...context, handle, enqueue };

  const start = async () => {
    await boss.start();
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const name of QUEUE_NAMES) {
      const { options } = QUEUES[name];
      // Created once; a later start applies changed options to the queue as it is.
      if (existing.has(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
    }
    if (!work) return;
    for (const { queue, cron } of schedules()) await boss.schedule(queue, cron, null, { tz: 'UTC' });
    for (const name of QUEUE_NAMES) {
      const handler = HANDLERS[name] as (
        data: unknown,
        context: JobContext,
        attempt: { retryCount: number },
      ) => Promise<object | void>;
      await boss.work(
        name,
        {
          batchSize: 1,
          pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2,
          notifyPollingIntervalSeconds: settings.notifyPollingIntervalSeconds ?? 10,
        },
        async ([job]) => {
          if (!job) return undefined;
          try {
            const output = await handler(job.data, jobContext, { retryCount: job.retryCount });
            recordJobAttempt(name, 'completed');
            return output;
          } catch (error) {
            recordJobAttempt(name, 'failed');
            logger.warn(
              { err: serializeError(error), queue: name, jobId: job.id, retryCount: job.retryCount },
              'job failed',
            );
            throw error;
          }
        },
      );
    }
  };

  return {
    start,
    stop: (timeoutMs) => boss.stop({ graceful: true, timeout: timeoutMs }),
    enqueue,
    drained: async (name, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as pending from pgboss.job where name = $1 and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
            [name],
          );
        if ((rows[0] as { pending: number } | undefined)?.pending === 0) return;
        if (Date.now() > until) throw new Error(`queue ${name} not drained within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    reachable: async () => {
      try {
        await boss.getDb().executeSql('select version from pgboss.version', []);
        return true;
      } catch {
        return false;
      }
    },
    boss,
  };
}
