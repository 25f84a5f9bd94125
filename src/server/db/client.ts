import '@tanstack/react-start/server-only';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

/** The drizzle surface both drivers share; data modules depend on this, never on a driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Round-trip to the database; rejects when it is unreachable. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Runs `fn` while holding a Postgres advisory lock (a no-op lock on single-process PGlite). */
  withLock: <T>(key: number, fn: (db: Database) => Promise<T>) => Promise<T>;
};

export type DatabaseOptions =
  | { url: string; poolMax?: number; statementTimeoutMs?: number; connectTimeoutMs?: number }
  | { pgliteDir: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'url' in options ? openPostgres(options) : openPglite(options.pgliteDir);
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
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
    withLock: (_key, fn) => fn(db),
  };
}

async function openPostgres(options: {
  url: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  const client = postgres(options.url, {
    max: options.poolMax ?? 10,
    // Fail fast instead of queueing forever when the server is unreachable or shutting down: a request
    // waiting for a connection gets its 503 after this long (postgres.js has no separate pool-queue
    // timeout; a queued query waits for a connection that is itself bounded by this and the statement
    // timeout). The load suite saw 10 s waits while Postgres stopped slowly.
    connect_timeout: (options.connectTimeoutMs ?? 3_000) / 1000,
    idle_timeout: 30,
    onnotice: () => {},
    connection: {
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      application_name: 'starter',
    },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
    withLock: async (key, fn) => {
      const reserved = await client.reserve();
      try {
        await reserved`select pg_advisory_lock(${key})`;
        try {
          // The lock lives on the reserved connection; the work may use any pooled connection.
          return await fn(db);
        } finally {
          await reserved`select pg_advisory_unlock(${key})`;
        }
      } finally {
        reserved.release();
      }
    },
  };
}
