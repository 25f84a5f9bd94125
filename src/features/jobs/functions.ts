import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { clientIp } from '@/server/client-ip';
import { getDb } from '@/server/db/database';
import { getJobRunner } from '@/server/jobs/app-jobs';
import { deleteFailedJob, getJobsOverview, listFailedJobs, retryFailedJob } from './data.server';
import { zFailedJobsQuery, zJobRef } from './schema';

// The queue carries the product's mail (recipients named) and its housekeeping: the audit log's
// permission, as the page beside it in the manager's configuration has. The demo refuses the changes
// (src/server/policy/server-functions.ts).
const ADMIN = { user: ['list'] } as const;

/** Each queue's counts and the schedules. No input: there is nothing for a validator to check. */
export const $getJobsOverview = createServerFn({ method: 'GET' })
  .middleware([requirePermission(ADMIN)])
  .handler(async () => getJobsOverview((await getJobRunner()).boss, await getDb()));

/** The failed jobs, newest first, a page at a time. */
export const $listFailedJobs = createServerFn({ method: 'GET' })
  .middleware([requirePermission(ADMIN)])
  .validator(zFailedJobsQuery)
  .handler(async ({ data }) => {
    // Started first: on a database it has not run on yet, starting installs the table read here.
    await getJobRunner();
    return listFailedJobs(await getDb(), data);
  });

/** Sends a failed job back to its queue, audited; NOT_FOUND when it is no longer failed (or never was). */
export const $retryFailedJob = createServerFn({ method: 'POST' })
  .middleware([requirePermission(ADMIN)])
  .validator(zJobRef)
  .handler(async ({ data, context }) => {
    const { boss } = await getJobRunner();
    const actor = { userId: context.user.id, ip: clientIp() };
    if (!(await retryFailedJob(boss, await getDb(), data, actor))) throw new AppError('NOT_FOUND');
    return { id: data.id };
  });

/** Deletes a failed job for good, audited; NOT_FOUND when it is no longer failed (or never was). */
export const $deleteFailedJob = createServerFn({ method: 'POST' })
  .middleware([requirePermission(ADMIN)])
  .validator(zJobRef)
  .handler(async ({ data, context }) => {
    const { boss } = await getJobRunner();
    const actor = { userId: context.user.id, ip: clientIp() };
    if (!(await deleteFailedJob(boss, await getDb(), data, actor))) throw new AppError('NOT_FOUND');
    return { id: data.id };
  });
