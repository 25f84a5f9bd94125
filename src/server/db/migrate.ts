import '@tanstack/react-start/server-only';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { DatabaseHandle } from './client.ts';

/** Arbitrary constant shared by every instance so concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_617_001;

/**
 * Where the SQL migrations are: `MIGRATIONS_DIR`, else `./drizzle` from the working directory
 * (source checkout), else `drizzle/` next to the built server (`.output/drizzle`, copied by the build).
 */
export function migrationsFolder(): string {
  const candidates = [
    process.env.MIGRATIONS_DIR,
    resolve(process.cwd(), 'drizzle'),
    process.argv[1] ? resolve(dirname(process.argv[1]), '..', 'drizzle') : undefined,
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((c) => existsSync(resolve(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in: ${candidates.join(', ')})`);
  return found;
}

/** Applies pending migrations (from `folder`); safe to call from several instances at once on Postgres. */
export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder()): Promise<void> {
  await handle.withLock(MIGRATION_LOCK_KEY, async (db) => {
    // The migrators are driver-specific; `kind` tells which driver built `db`.
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePostgres(db as unknown as PostgresJsDatabase, { migrationsFolder: folder });
    }
  });
}

/**
 * How many migrations of this build the database lacks: drizzle records each applied one with its
 * folder timestamp, so every shipped migration newer than the latest record is pending.
 */
export async function pendingMigrations(handle: DatabaseHandle): Promise<number> {
  const shipped = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  let latest = 0;
  try {
    const rows = await handle.db.execute<{ latest: string | number | null }>(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    const value = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as
      { latest: string | number | null } | undefined;
    latest = Number(value?.latest ?? 0);
  } catch (error) {
    // No bookkeeping table yet: nothing was ever applied.
    if ((error as { cause?: { code?: string } }).cause?.code !== '42P01') throw error;
  }
  return shipped.filter((migration) => migration.folderMillis > latest).length;
}
