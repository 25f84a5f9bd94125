import '@tanstack/react-start/server-only';
import type { PGlite } from '@electric-sql/pglite';
import { type ConstructorOptions, type Db, fromPglite, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '@/server/db/client';

const STARTS_TRANSACTION = /^\s*BEGIN\b/i;

/** pg-boss's own connections to Postgres, beside the app's pool: its fetches, maintenance and schedules. */
const POSTGRES_POOL_MAX = 3;

/**
 * pg-boss's `fromPglite`, except that its `BEGIN; …; COMMIT;` strings (schema, queue creation,
 * maintenance) run inside `pglite.transaction()`: a failure in one is rolled back before PGlite's one
 * connection goes to the next statement, instead of leaving the app's queued statements to fail in an
 * aborted transaction (docs/decisions/039-job-queue.md).
 */
function pgBossOnPglite(pglite: PGlite): Db {
  const base = fromPglite(pglite);
  return {
    ...base,
    async executeSql(text, values) {
      if (values?.length || !STARTS_TRANSACTION.test(text)) return base.executeSql(text, values);
      return pglite.transaction(async (tx) => {
        // pg-boss's own BEGIN inside it only warns; its COMMIT commits, and PGlite's then has nothing to do.
        const results = await tx.exec(text);
        return { rows: results.flatMap((result) => result.rows ?? []) };
      });
    },
  };
}

/** A pg-boss instance on the database behind `handle` (not started). */
export function createBoss(
  connection: DatabaseHandle['queueConnection'],
  options: Omit<ConstructorOptions, 'db' | 'connectionString' | 'backend' | 'max'> = {},
): PgBoss {
  if ('pglite' in connection) {
    return new PgBoss({ ...options, db: pgBossOnPglite(connection.pglite), backend: 'pglite' });
  }
  return new PgBoss({
    ...options,
    connectionString: connection.url,
    max: POSTGRES_POOL_MAX,
    application_name: 'starter-jobs',
  });
}
