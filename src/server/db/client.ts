import '@tanstack/react-start/server-only';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { type Admission, createAdmission } from './admission.ts';
import * as schema from './schema/index.ts';

/** The drizzle surface both drivers share; data modules depend on this, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Round-trip to the database; rejects when it is unreachable. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** PGlite only: the whole data folder as a tar archive, consistent while the database is open. */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Postgres only (PGlite has one in-process connection and no pool): the request pool's slots (each
   * connection carries `PIPELINE` statements), those in use, and the calls waiting for one.
   */
  poolStats?: () => { slots: number; inUse: number; waiting: number };
  /**
   * Where the job queue (src/server/jobs) runs its own statements: PGlite's one connection, or the
   * Postgres URL it opens a small pool of its own on.
   */
  queueConnection: { pglite: PGlite } | { url: string };
  /**
   * Runs `fn` while holding a Postgres advisory lock (a no-op lock on single-process PGlite). On Postgres
   * `fn` gets connections of its own, outside the request pool's waiting bounds (for migrations).
   */
  withLock: <T>(key: number, fn: (db: Database) => Promise<T>) => Promise<T>;
  /**
   * Runs `fn` only when the advisory lock `key` is free (`pg_try_advisory_lock`, no waiting), holding it
   * meanwhile: of several instances starting the same job at once, one runs it and the others learn it
   * is taken. On Postgres `fn` gets a connection of its own, as for `withLock`.
   */
  tryWithLock: <T>(key: number, fn: (db: Database) => Promise<T>) => Promise<LockAttempt<T>>;
};

type LockAttempt<T> = { acquired: true; result: T } | { acquired: false };

type PostgresOptions = {
  url: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** How long a call waits for a free connection before it fails as an outage (503). */
  poolTimeoutMs?: number;
  /** How long a statement waits for a lock (Postgres `lock_timeout`) before it fails as an outage; unset: no limit. */
  lockTimeoutMs?: number;
};

type PgliteOptions = {
  pgliteDir: string;
  /** A `dumpDataDir` archive to start a new (empty or missing) folder from, instead of a new cluster. */
  loadDataDir?: Blob;
};

export type DatabaseOptions = PostgresOptions | PgliteOptions;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'url' in options ? openPostgres(options) : openPglite(options);
}

async function openPglite({ pgliteDir: dir, loadDataDir }: PgliteOptions): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gin }, loadDataDir });
  // Both drivers produce a PgDatabase over the same schema; the cast only widens the HKT parameter.
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    queueConnection: { pglite: client },
    withLock: (_key, fn) => fn(db),
    // One process owns a PGlite folder, and its single session may take a lock it holds again: the lock
    // is still taken (so the same code runs on both drivers), the process keeps its own jobs apart.
    tryWithLock: async (key, fn) => {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ]);
      if (!rows[0]?.locked) return { acquired: false };
      try {
        return { acquired: true, result: await fn(db) };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]);
      }
    },
  };
}

/**
 * Statements one connection may carry at once. postgres.js pipelines up to 100 by default; a statement
 * stuck on a lock then holds every one behind it. Two keep a connection busy while the app reads the
 * previous answer (with one, the load suite's reads were twice as slow on a busy machine), and bound
 * the wait behind a blocked statement to one lock timeout.
 */
const PIPELINE = 2;

async function openPostgres(options: PostgresOptions): Promise<DatabaseHandle> {
  const client = postgres(options.url, {
    ...connectionSettings(options),
    // Read by postgres.js (src/index.js parseOptions) but missing from its type definitions.
    ...({ max_pipeline: PIPELINE } as object),
    connection: {
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      // A request never waits long behind a locked table (an ALTER TABLE, a long transaction).
      ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
      application_name: 'starter',
    },
  });
  // postgres.js has no limit on the wait for a connection. Admitting no more calls than the connections
  // can carry keeps every other wait in front of the pool, where it is bounded: a call then waits at most
  // the pool timeout for a slot and, for each statement, the lock timeout of one statement ahead of it
  // and its own.
  const slots = connectionSettings(options).max * PIPELINE;
  const admission = createAdmission({ slots, timeoutMs: options.poolTimeoutMs ?? 3_000 });
  const db = drizzlePostgres({ client: admitted(client, admission), schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    queueConnection: { url: options.url },
    poolStats: () => ({ slots, inUse: admission.stats.active, waiting: admission.stats.waiting }),
    ping: async () => {
      await admission.run(() => client`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
    withLock: (key, fn) => withAdvisoryLock(options, key, fn),
    tryWithLock: (key, fn) => withAdvisoryLock(options, key, fn, { wait: false }),
  };
}

function connectionSettings(options: PostgresOptions) {
  return {
    max: options.poolMax ?? 10,
    // Fail fast instead of waiting when the server is unreachable or shutting down.
    connect_timeout: (options.connectTimeoutMs ?? 3_000) / 1000,
    idle_timeout: 30,
    // postgres.js waits before reconnecting a closed connection, 3^n/100 s after the pool's n-th failure
    // (up to 20 s): after a restart, a query given such a connection waited 17 s in the load suite.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    onnotice: () => {},
  };
}

/**
 * Migrations run on connections of their own, without the request bounds: they may wait for locks
 * (other instances' transactions) and for the advisory lock while another instance migrates.
 */
async function withAdvisoryLock<T>(
  options: PostgresOptions,
  key: number,
  fn: (db: Database) => Promise<T>,
): Promise<T>;
async function withAdvisoryLock<T>(
  options: PostgresOptions,
  key: number,
  fn: (db: Database) => Promise<T>,
  mode: { wait: false },
): Promise<LockAttempt<T>>;
async function withAdvisoryLock<T>(
  options: PostgresOptions,
  key: number,
  fn: (db: Database) => Promise<T>,
  mode: { wait: boolean } = { wait: true },
): Promise<T | LockAttempt<T>> {
  const own = postgres(options.url, {
    ...connectionSettings(options),
    max: 2,
    connection: {
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      application_name: 'starter-migrate',
    },
  });
  try {
    const reserved = await own.reserve();
    try {
      if (mode.wait) {
        await reserved`select pg_advisory_lock(${key})`;
      } else {
        const [row] = await reserved<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}) as locked`;
        if (!row?.locked) return { acquired: false };
      }
      try {
        // The lock lives on the reserved connection; the work runs on the other one.
        const result = await fn(drizzlePostgres({ client: own, schema }) as unknown as Database);
        return mode.wait ? result : { acquired: true, result };
      } finally {
        await reserved`select pg_advisory_unlock(${key})`;
      }
    } finally {
      reserved.release();
    }
  } finally {
    await own.end({ timeout: 5 });
  }
}

type Pending<T> = PromiseLike<T> & { values: () => PromiseLike<T> };

/**
 * The client drizzle sees: every statement outside a transaction, and every transaction as a whole,
 * runs through `admission` (drizzle calls `unsafe` and `begin`, and `.values()` on what `unsafe`
 * returns; statements inside a transaction use the transaction's own connection).
 */
function admitted(client: postgres.Sql, admission: Admission): postgres.Sql {
  const unsafe = (...args: Parameters<postgres.Sql['unsafe']>): Pending<unknown> => {
    const run = (values: boolean) =>
      admission.run(() => {
        const query = client.unsafe(...args);
        return values ? query.values() : query;
      });
    return { values: () => run(true), then: (resolve, reject) => run(false).then(resolve, reject) };
  };
  const begin = (...args: unknown[]) =>
    admission.run(() => Reflect.apply(client.begin, client, args) as Promise<unknown>);
  // A documented boundary: the object inherits everything else (options, parsers) from the client.
  return Object.assign(Object.create(client) as postgres.Sql, { unsafe, begin });
}
