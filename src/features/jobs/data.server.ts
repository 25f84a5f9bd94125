import '@tanstack/react-start/server-only';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Db, type DrizzleTransactionLike, fromDrizzle, type PgBoss } from 'pg-boss';
import { recordAudit } from '@/features/audit/record.server';
import type { ListPage } from '@/lib/list';
import type { Database } from '@/server/db/client';
import { countUpTo, keysetPage } from '@/server/db/list';
import { QUEUE_NAMES, type QueueName, schedules } from '@/server/jobs/queues';
import type { FailedJob, JobRef, JobSchedule, JobsOverview, QueueCounts } from './schema';

/**
 * pg-boss's job table, the columns this page reads. Its schema is pg-boss's own (installed and migrated by
 * `boss.start()`, not a drizzle migration), so the table is declared here and not in src/server/db/schema.
 * Every queue of the product lives in it (none has a partition of its own).
 */
const job = pgSchema('pgboss').table('job', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  // An enum of pg-boss's (job_state), compared here with constant strings only.
  state: text('state').notNull(),
  retryCount: integer('retry_count').notNull(),
  createdOn: timestamp('created_on', { withTimezone: true }).notNull(),
  output: jsonb('output'),
  data: jsonb('data'),
});

/** Where each pg-boss state is counted on the page; `cancelled` (the product never cancels) is not. */
const COUNTED: Record<string, keyof Omit<QueueCounts, 'queue'>> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'running',
  failed: 'failed',
  completed: 'completed',
};

const isFailed = sql`${job.state} = 'failed'`;
const ofProductQueues = inArray(job.name, QUEUE_NAMES);

/** A queue name from a request: one of the product's, else nothing is done with it. */
function isQueueName(name: string): name is QueueName {
  return (QUEUE_NAMES as readonly string[]).includes(name);
}

/**
 * Every queue's jobs by what they are doing, in `QUEUES` order: counted from the job table, not read from
 * pg-boss's queue row, whose counts its monitor refreshes only once a minute (a retried job would still
 * show as failed there). Completed and failed jobs are counted while pg-boss keeps them (a queue's
 * `deleteAfterSeconds`, 7 days by default).
 */
export async function countJobsByQueue(db: Database): Promise<QueueCounts[]> {
  const rows = await db
    .select({ queue: job.name, state: job.state, jobs: count() })
    .from(job)
    .where(ofProductQueues)
    .groupBy(job.name, job.state);
  return QUEUE_NAMES.map((queue) => {
    const counts: QueueCounts = { queue, waiting: 0, running: 0, failed: 0, completed: 0 };
    for (const row of rows) {
      const column = COUNTED[row.state];
      if (row.queue === queue && column) counts[column] += row.jobs;
    }
    return counts;
  });
}

/** A line of an error, at most this long: what the page shows of a message a library wrote. */
const MESSAGE_MAX = 300;
/** The first line of a text field of the stored error (pg-boss keeps `serialize-error`'s object). */
const firstLine = (path: SQL) => sql<string | null>`left(split_part(${path}, chr(10), 1), ${MESSAGE_MAX})`;

/**
 * The jobs that failed their last try, newest first, a page at a time (keyset on created time and id), with
 * their last error's message and cause (never the stack pg-boss also keeps) and, for a mail, its kind and
 * recipient (never its text).
 */
export async function listFailedJobs(
  db: Database,
  query: { cursor?: string | undefined; limit: number },
): Promise<ListPage<FailedJob>> {
  const filter = and(ofProductQueues, isFailed);
  return keysetPage({
    sortKey: { createdAt: job.createdOn, id: job.id },
    filter,
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: async ({ where, orderBy, limit, cursorAt }) => {
      const rows = await db
        .select({
          id: job.id,
          queue: job.name,
          createdOn: job.createdOn,
          retryCount: job.retryCount,
          error: firstLine(sql`${job.output}->>'message'`),
          cause: firstLine(sql`${job.output}->'cause'->>'message'`),
          mailKind: sql<string | null>`${job.data}->>'kind'`,
          mailTo: sql<string | null>`${job.data}->>'to'`,
          cursorAt,
        })
        .from(job)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        createdAt: row.createdOn.toISOString(),
        attempts: row.retryCount + 1,
        error: row.error || null,
        cause: row.cause || null,
        mail:
          row.queue === 'mail' && row.mailKind && row.mailTo ? { kind: row.mailKind, to: row.mailTo } : null,
        cursorAt: row.cursorAt,
      }));
    },
    countRows: (where, limit) => countUpTo(db, job, where, limit),
  });
}

/**
 * The declared schedules (src/server/jobs/queues.ts) as pg-boss holds them: the job each sent last (its
 * created time and state, while pg-boss keeps it) and its next occurrence in UTC. Empty when no queue
 * has a schedule.
 */
export async function listSchedules(boss: PgBoss, db: Database, now = new Date()): Promise<JobSchedule[]> {
  const declared = schedules();
  if (declared.length === 0) return [];
  const stored = await boss.getSchedules();
  const lastIds = stored.flatMap((schedule) => (schedule.lastJobId ? [schedule.lastJobId] : []));
  const lastJobs = lastIds.length
    ? await db
        .select({ id: job.id, createdOn: job.createdOn, state: job.state })
        .from(job)
        .where(inArray(job.id, lastIds))
    : [];
  return declared.map(({ queue, cron }) => {
    const schedule = stored.find((candidate) => candidate.name === queue);
    const last = lastJobs.find((row) => row.id === schedule?.lastJobId);
    const [next] = boss.previewSchedule(schedule?.cron ?? cron, {
      tz: schedule?.timezone || 'UTC',
      from: now,
      count: 1,
    });
    return {
      queue,
      cron: schedule?.cron ?? cron,
      lastRun: last ? { at: last.createdOn.toISOString(), state: last.state } : null,
      nextRunAt: next ? next.toISOString() : null,
    };
  });
}

/** What the page's first screen shows: the queues' counts and the schedules. */
export async function getJobsOverview(boss: PgBoss, db: Database): Promise<JobsOverview> {
  const [queues, scheduled] = await Promise.all([countJobsByQueue(db), listSchedules(boss, db)]);
  return { queues, schedules: scheduled };
}

/** Who retried or deleted a job, for its audit entry. */
type JobActor = { userId: string; ip: string | null };

/**
 * pg-boss's answer to `retry` and `deleteJob`: how many of the jobs named it changed. Its type
 * (`CommandResponse`) is declared empty in 12.38, the object it answers carries `affected`.
 */
const affectedBy = (response: object) => (response as { affected?: number }).affected ?? 0;

/**
 * Runs `change` on the failed job `ref` in one transaction with its audit entry (pg-boss's statement on the
 * transaction, `fromDrizzle`), the row locked meanwhile: two admins acting on one job at once change it
 * once. False when `ref` names no failed job of the product's queues (retried, deleted or never failed).
 */
async function changeFailedJob(
  db: Database,
  ref: JobRef,
  actor: JobActor,
  action: 'jobs.retry' | 'jobs.delete',
  change: (queue: QueueName, connection: Db) => Promise<object>,
): Promise<boolean> {
  const queue = ref.queue;
  if (!isQueueName(queue)) return false;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: job.id })
      .from(job)
      .where(and(eq(job.name, queue), eq(job.id, ref.id), isFailed))
      .for('update');
    if (!found) return false;
    // Both drivers' `execute` answer one of the shapes pg-boss reads (as in src/server/jobs/runner.ts).
    const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
    if (affectedBy(await change(queue, db)) === 0) return false;
    await recordAudit(
      {
        actorUserId: actor.userId,
        action,
        target: { type: 'jobs', id: ref.id, label: queue },
        metadata: { queue },
        ip: actor.ip,
      },
      tx,
    );
    return true;
  });
}

/** Sends the failed job `ref` back to its queue (it runs again shortly), audited; false when none is failed. */
export function retryFailedJob(boss: PgBoss, db: Database, ref: JobRef, actor: JobActor): Promise<boolean> {
  return changeFailedJob(db, ref, actor, 'jobs.retry', (queue, connection) =>
    boss.retry(queue, ref.id, { db: connection }),
  );
}

/** Deletes the failed job `ref` for good, audited; false when none is failed. */
export function deleteFailedJob(boss: PgBoss, db: Database, ref: JobRef, actor: JobActor): Promise<boolean> {
  return changeFailedJob(db, ref, actor, 'jobs.delete', (queue, connection) =>
    boss.deleteJob(queue, ref.id, { db: connection }),
  );
}
