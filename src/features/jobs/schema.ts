import { z } from 'zod';
import { appConfig } from '~/app.config';

// The manager's jobs page (/manager/jobs): what the queue (src/server/jobs) looks like to an admin, and the
// two things they may do to a failed job. The queue names are the server's (src/server/jobs/queues.ts,
// which this isomorphic file cannot import): a request naming another queue finds no job.

/** How many jobs of one queue wait (to run, or to be retried), run, failed their last try, completed. */
export type QueueCounts = {
  queue: string;
  waiting: number;
  running: number;
  failed: number;
  completed: number;
};

/** A job that failed its last try, as the page lists it; the error is its message alone, never a stack. */
export type FailedJob = {
  id: string;
  queue: string;
  createdAt: string;
  /** Tries made: the first and every retry. */
  attempts: number;
  /** The last error's message (its first line), and what caused it when it says (an SMTP refusal). */
  error: string | null;
  cause: string | null;
  /** A mail's kind and recipient (never its text); null for other queues' jobs. */
  mail: { kind: string; to: string } | null;
};

/** One schedule of `QUEUES` (cron, UTC), with when it last sent a job and when it will next. */
export type JobSchedule = {
  queue: string;
  cron: string;
  /** The created time and state of the job it sent last, while that job is kept; null before the first. */
  lastRun: { at: string; state: string } | null;
  nextRunAt: string | null;
};

export type JobsOverview = { queues: QueueCounts[]; schedules: JobSchedule[] };

/** A job as Retry and Delete name it: its queue and id. */
export const zJobRef = z.object({
  queue: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/),
  id: z.uuid(),
});
export type JobRef = z.output<typeof zJobRef>;

/** A page of the failed jobs: the opaque cursor of the previous page's end, and the page size. */
export const zFailedJobsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(appConfig.pagination.maxPageSize).default(appConfig.pagination.pageSize),
});
