import '@tanstack/react-start/server-only';
import { getDatabaseHandle } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import { jobsReachable } from './jobs/app-jobs.ts';
import { isStopping } from './lifecycle.ts';

const DB_CHECK_TIMEOUT_MS = 2_000;

export type Readiness = {
  status: 'ok' | 'unavailable' | 'stopping';
  database: { status: 'ok' | 'unavailable' | 'unknown'; kind?: 'pglite' | 'postgres'; latencyMs?: number };
  migrations: { status: 'ok' | 'pending' | 'unknown'; pending?: number };
  /** The job queue (src/server/jobs): started, and its tables answer. */
  jobs: { status: 'ok' | 'unavailable' | 'unknown' };
};

/** One round trip to the database, bounded by the check timeout. */
export async function checkDatabase(): Promise<{
  ok: boolean;
  kind?: 'pglite' | 'postgres';
  latencyMs?: number;
}> {
  const started = performance.now();
  try {
    const handle = await withTimeout(getDatabaseHandle());
    await withTimeout(handle.ping());
    return { ok: true, kind: handle.kind, latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether this instance can serve: the database answers and every migration shipped with the build is
 * applied. A load balancer sends traffic only to ready instances; `/api/health` only says the process is up.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isStopping()) {
    return {
      status: 'stopping',
      database: { status: 'unknown' },
      migrations: { status: 'unknown' },
      jobs: { status: 'unknown' },
    };
  }
  const database = await checkDatabase();
  if (!database.ok) {
    return {
      status: 'unavailable',
      database: { status: 'unavailable' },
      migrations: { status: 'unknown' },
      jobs: { status: 'unknown' },
    };
  }
  let pending: number;
  try {
    pending = await withTimeout(getDatabaseHandle().then((handle) => pendingMigrations(handle)));
  } catch {
    return {
      status: 'unavailable',
      database: { status: 'unavailable' },
      migrations: { status: 'unknown' },
      jobs: { status: 'unknown' },
    };
  }
  const jobs = await withTimeout(jobsReachable()).catch(() => false);
  return {
    status: pending === 0 && jobs ? 'ok' : 'unavailable',
    database: { status: 'ok', kind: database.kind, latencyMs: database.latencyMs },
    migrations: pending === 0 ? { status: 'ok' } : { status: 'pending', pending },
    jobs: { status: jobs ? 'ok' : 'unavailable' },
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
