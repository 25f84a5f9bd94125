import '@tanstack/react-start/server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { type Database, type DatabaseHandle, openDatabase } from '@/server/db/client';
import { migrationsFolder, runMigrations } from '@/server/db/migrate';

export type TestDatabase = {
  handle: DatabaseHandle;
  /** Connection URL of the throwaway Postgres database (to open more handles on it); undefined on PGlite. */
  url: string | undefined;
  /** Closes the handle and, on Postgres, drops the throwaway database. Safe to call twice. */
  cleanup: () => Promise<void>;
};

/** Which database the integration suite runs on: the vitest project sets `TEST_DB`. */
function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, isolated database for one test file: PGlite in a temporary folder copied from a migrated
 * snapshot (in memory and empty with `migrate: false`), or, when `TEST_DB=postgres`, a uniquely named
 * database created on the server in `TEST_DATABASE_URL`. `cleanup` closes it and deletes it.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const created =
    testDatabaseKind() === 'postgres'
      ? await createPostgresDatabase()
      : migrate
        ? await openPgliteCopy(await pgliteSnapshot())
        : { handle: await openDatabase({ pgliteDir: 'memory://' }), url: undefined, drop: async () => {} };
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    try {
      await created.handle.close();
    } finally {
      await created.drop();
    }
  };
  if (migrate) {
    try {
      // A no-op on a snapshot copy; it still proves the copy is current.
      await runMigrations(created.handle);
    } catch (error) {
      await cleanup();
      throw error;
    }
  }
  return { handle: created.handle, url: created.url, cleanup };
}

/** A digest of the migrations (and `extra`): a migrated copy made from other migrations is never reused. */
function migrationsDigest(extra = ''): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

// PGlite spends ~2-3 s creating a cluster; copying an already migrated data folder and opening it takes
// ~0.3 s. The snapshot is keyed by the migrations and the PGlite build, so a change to either makes a new one.
const snapshotPrefix = 'starter-pglite-snapshot-';

async function pgliteSnapshot(): Promise<string> {
  // pnpm's real path of the wasm names the PGlite version, whose data folder format the snapshot depends on.
  const build = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const snapshot = join(tmpdir(), `${snapshotPrefix}${migrationsDigest(build)}`);
  if (existsSync(snapshot)) return snapshot;
  // One worker builds it while the others wait: the workers start together, and four clusters created at
  // once on two cores took the first files' setup past its 30 s (a new migration, as the generator's check
  // adds, means a new snapshot).
  const lock = `${snapshot}.lock`;
  while (!tryLock(lock)) {
    if (existsSync(snapshot)) return snapshot;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    if (existsSync(snapshot)) return snapshot;
    return await buildSnapshot(snapshot);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Takes the lock folder; a lock older than two minutes is a worker that died building, and is taken over. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
    } catch {
      // Released meanwhile: the next try takes it.
    }
    return false;
  }
}

async function buildSnapshot(snapshot: string): Promise<string> {
  const building = mkdtempSync(`${snapshot}.building-`);
  try {
    const handle = await openDatabase({ pgliteDir: building });
    try {
      await runMigrations(handle);
    } finally {
      await handle.close();
    }
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  try {
    // Atomic: a worker that lost the race to another one keeps the winner's copy and drops its own.
    renameSync(building, snapshot);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return snapshot;
}

async function openPgliteCopy(snapshot: string) {
  const dir = mkdtempSync(join(tmpdir(), 'starter-pglite-test-'));
  const drop = async () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(snapshot, dir, { recursive: true });
    return { handle: await openDatabase({ pgliteDir: dir }), url: undefined, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

// Migrating a new Postgres database takes about as long as the file's tests; copying a migrated one
// (`CREATE DATABASE … TEMPLATE`) a fraction of that. The template is made once per set of migrations, under
// an advisory lock (the workers start together), and one made from older migrations is dropped then.
const templatePrefix = 't_template_';
const TEMPLATE_LOCK = 7_201_135;

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `${templatePrefix}${migrationsDigest()}`;
  return withServer(serverUrl, async (server) => {
    await server`select pg_advisory_lock(${TEMPLATE_LOCK})`;
    try {
      const existing = await server<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${templatePrefix}%`}`;
      if (existing.some((row) => row.datname === name)) return name;
      for (const { datname } of existing)
        await server.unsafe(`drop database if exists "${datname}" with (force)`);
      await server.unsafe(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ url: url.toString(), poolMax: 1 });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
      return name;
    } finally {
      await server`select pg_advisory_unlock(${TEMPLATE_LOCK})`;
    }
  });
}

async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a server the tests may create databases on)');
  const template = await postgresTemplate(serverUrl);
  // Generated from [a-z0-9_] only, so it is safe to splice into CREATE/DROP DATABASE.
  const name = `t_${Date.now().toString(36)}_${randomBytes(5).toString('hex')}`;
  await withServer(serverUrl, (server) => server.unsafe(`create database "${name}" template "${template}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), poolMax: 4 });
    const drop = () =>
      withServer(serverUrl, (server) => server.unsafe(`drop database if exists "${name}" with (force)`));
    return { handle, url: url.toString(), drop };
  } catch (error) {
    await withServer(serverUrl, (server) => server.unsafe(`drop database if exists "${name}" with (force)`));
    throw error;
  }
}

async function withServer<T>(url: string, fn: (server: postgres.Sql) => Promise<T>): Promise<T> {
  const server = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(server);
  } finally {
    await server.end({ timeout: 5 });
  }
}

/**
 * Rows of a raw query on either driver: `db.execute` resolves to an array with postgres.js but to
 * `{ rows }` with PGlite, and its declared type is `unknown` on the shared `Database` type.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('Unexpected result shape from db.execute');
}

/** Number of migrations in the journal. */
export const journalEntries = (): number =>
  (
    JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

/** Number of migrations the database has recorded as applied. */
export const appliedMigrations = async (db: Database) => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n;
};

/**
 * Inserts a row of `table` in `organizationId` with a made-up value in every required column that has no
 * default, and returns its id: a row for a test to refer to (a generated entity's reference field) without
 * knowing the referenced entity's fields. (For generated entities' tests.)
 * @public
 */
export async function insertSampleRow(db: Database, table: PgTable, organizationId: string): Promise<string> {
  const values: Record<string, unknown> = { organizationId };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (key in values || !column.notNull || column.hasDefault) continue;
    const enumValues = (column as { enumValues?: string[] }).enumValues;
    values[key] =
      enumValues && enumValues.length > 0
        ? enumValues[0]
        : column.dataType === 'number'
          ? 1
          : column.dataType === 'boolean'
            ? false
            : column.dataType === 'date'
              ? new Date()
              : column.columnType === 'PgUUID'
                ? randomUUID()
                : `sample-${randomUUID()}`;
  }
  const [row] = (await db.insert(table).values(values).returning()) as Array<{ id: string }>;
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
