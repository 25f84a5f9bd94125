import '@tanstack/react-start/server-only';
import { definePlugin } from 'nitro';
import { appConfig } from '../../app.config.ts';
import { EnvError } from '../lib/env-schema.ts';
import { closeDatabase, getDatabaseHandle } from './db/database.ts';
import { getJobRunner, stopJobRunner } from './jobs/app-jobs.ts';
import { isDemoMode, serverEnv } from './env.ts';
import { markStopping } from './lifecycle.ts';
import { logger, serializeError } from './logger.ts';
import { closeRedis } from './redis.ts';

/**
 * Runs once when the production server boots: a bad environment stops the start with one readable line
 * per variable, a demo says so in a warning, and the server's graceful shutdown (SIGTERM/SIGINT: stop
 * accepting, drain in-flight requests) ends by stopping the job queue and closing the database so the
 * process can exit. The database is opened and migrated at start, and the job queue started on it.
 */
export default definePlugin((nitroApp) => {
  try {
    serverEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Said once, at the start, where whoever deploys it sees it: a demo must never hold real data.
  if (isDemoMode()) {
    logger.warn(
      'READ-ONLY DEMO (VITE_IS_DEMO=true): every change is refused and the sample accounts sign in with the demo code; never run it on real data',
    );
  }
  // srvx reads these when the server starts, right after plugins run: drain for up to 10 s, and do it
  // even where CI or TEST is set (srvx then assumes a test run and exits at once, dropping in-flight
  // requests — on a CI smoke test or a platform that sets CI, that is not what a deployed server does).
  process.env.SERVER_SHUTDOWN_TIMEOUT ??= '10';
  if (process.env.NODE_ENV === 'production') {
    delete process.env.CI;
    delete process.env.TEST;
  }
  // srvx drains on its own SIGTERM handler; this one only tells the app, so answers from now on close
  // their keep-alive connection (a busy connection would otherwise keep the process alive until the
  // forced close) and the readiness check takes the instance out of the load balancer.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, markStopping);
  nitroApp.hooks.hook('close', async () => {
    logger.info('shutting down: in-flight requests drained, stopping the job queue, closing connections');
    await stopJobRunner(appConfig.jobs.shutdownSeconds * 1000).catch((error: unknown) =>
      logger.warn({ err: serializeError(error) }, 'job queue not stopped cleanly'),
    );
    await Promise.all([closeDatabase(), closeRedis()]);
  });
  // Open the database and apply migrations now (serialised across instances by an advisory lock), so
  // /api/ready turns green without waiting for a first visitor. Failure is not fatal: the first request
  // that needs the database tries again. Then the job queue (src/server/jobs): its schema, queues,
  // schedules and workers.
  getDatabaseHandle()
    .then(() => logger.info('database ready'))
    .then(getJobRunner)
    .then(
      () => logger.info('job queue started'),
      (error: unknown) =>
        logger.warn({ err: serializeError(error) }, 'database or job queue not ready at start'),
    );
});
