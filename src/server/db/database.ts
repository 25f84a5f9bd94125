import '@tanstack/react-start/server-only';
import { serverEnv } from '../env.ts';
import { registerGauge } from '../metrics.ts';
import { type Database, type DatabaseHandle, openDatabase } from './client.ts';
import { openDevDatabase, snapshotCacheDir } from './dev-database.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { installQueryTiming } from './timing.ts';
import { isDatabaseEmpty, seedDatabase } from './seed/seed.ts';

type Holder = { handle?: Promise<DatabaseHandle> };

// Kept on globalThis so Vite's hot reload reuses the instance (PGlite allows one opener per folder), and
// because the production bundle holds two copies of this module: the server plugin's, which closes the
// connection at shutdown, and the app's, which opens it.
const holder: Holder = ((globalThis as { __starterDb?: Holder }).__starterDb ??= {});

async function connect(): Promise<DatabaseHandle> {
  const env = serverEnv();
  installQueryTiming();
  const handle =
    env.NODE_ENV === 'development' && !env.DATABASE_URL
      ? await openDevelopmentDatabase(env.PGLITE_DIR)
      : await openAndMigrate(env);
  if (handle.poolStats) reportPool(handle.poolStats);
  if (env.NODE_ENV === 'development' && (await isDatabaseEmpty(handle.db))) {
    console.info('[db] empty development database: seeding it');
    await seedDatabase(handle.db);
  }
  return handle;
}

async function openAndMigrate(env: ReturnType<typeof serverEnv>): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          poolMax: env.DATABASE_POOL_MAX,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          poolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS,
          lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
        }
      : { pgliteDir: env.PGLITE_DIR },
  );
  try {
    await runMigrations(handle);
  } catch (error) {
    // The next attempt opens a new pool: this one must not stay open beside it.
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/**
 * The request pool in the metrics (Postgres only: on PGlite the gauges are absent, there being no pool
 * to wait for). A new pool (the first open failed, a later one worked) replaces the reader.
 */
function reportPool(stats: NonNullable<DatabaseHandle['poolStats']>): void {
  registerGauge({
    name: 'starter_db_pool_slots',
    help: 'Database calls the request pool carries at once (connections × statements per connection).',
    read: () => stats().slots,
  });
  registerGauge({
    name: 'starter_db_pool_in_use',
    help: 'Database calls holding a pool slot now (a statement, or a transaction on its connection).',
    read: () => stats().inUse,
  });
  registerGauge({
    name: 'starter_db_pool_waiting',
    help: 'Database calls waiting for a free pool slot (each for at most DATABASE_POOL_TIMEOUT_MS).',
    read: () => stats().waiting,
  });
}

/** `pnpm dev`'s embedded database: a new folder starts from the migrated snapshot (./dev-database.ts). */
async function openDevelopmentDatabase(dir: string): Promise<DatabaseHandle> {
  const cacheDir = snapshotCacheDir();
  const { handle, source, seconds } = await openDevDatabase({
    dir,
    migrationsFolder: migrationsFolder(),
    cacheDir,
  });
  if (source === 'snapshot')
    console.info(`[db] ${dir}: loaded the migrated snapshot in ${seconds.toFixed(1)}s`);
  if (source === 'created') {
    console.info(
      `[db] ${dir}: created and migrated in ${seconds.toFixed(1)}s; snapshot saved in ${cacheDir} for the next first start`,
    );
  }
  return handle;
}

/** The process-wide database connection, opened, migrated (and in development seeded) on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!holder.handle) {
    holder.handle = connect();
    // A failed open must not be cached, or the process could never recover once the database is back.
    holder.handle.catch(() => {
      holder.handle = undefined;
    });
  }
  return holder.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Closes the connection (pool or PGlite); PGlite and postgres.js both keep the process alive otherwise. */
export async function closeDatabase(): Promise<void> {
  const pending = holder.handle;
  holder.handle = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}
