import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { prepareDevDatabase, snapshotKey } from './dev-database.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
import { isDatabaseEmpty } from './seed/seed.ts';
import { appliedMigrations, queryRows } from '@/test/database';

// A real cluster is created once here (2-3 s on a quiet machine, more beside other work).
const BUILD_TIMEOUT_MS = 120_000;

const scratch = mkdtempSync(join(tmpdir(), 'starter-dev-db-integration-'));
const cacheDir = join(scratch, 'cache');

/** The shipped migrations plus one more, as a branch that adds a migration has them. */
function migrationsWithProbe(): { folder: string; entries: number } {
  const folder = join(scratch, 'drizzle');
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations shipped');
  const tag = '9999_dev_snapshot_probe';
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), 'create table dev_snapshot_probe (id integer primary key);');
  return { folder, entries: journal.entries.length };
}

/** Opens `dir` as the app does, and reads what a stale or a current snapshot would differ in. */
async function inspect(dir: string, folder: string) {
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    const applied = await appliedMigrations(handle.db);
    const probe = await queryRows<{ name: string | null }>(
      handle.db,
      sql`select to_regclass('public.dev_snapshot_probe')::text as name`,
    );
    // The app migrates on every open: on a current snapshot there is nothing left to apply.
    await runMigrations(handle, folder);
    return {
      applied,
      appliedAfterOpen: await appliedMigrations(handle.db),
      probe: probe[0]?.name ?? null,
      empty: await isDatabaseEmpty(handle.db),
    };
  } finally {
    await handle.close();
  }
}

describe('prepareDevDatabase', () => {
  let migrations: { folder: string; entries: number };
  let staleSnapshot: string;
  let first: Awaited<ReturnType<typeof prepareDevDatabase>>;
  const firstDir = join(scratch, 'first', 'pglite');

  beforeAll(async () => {
    migrations = migrationsWithProbe();
    // A snapshot made before the probe migration existed (a stand-in: restoring would copy its sentinel).
    staleSnapshot = join(cacheDir, `pglite-${snapshotKey(migrationsFolder())}`);
    mkdirSync(staleSnapshot, { recursive: true });
    writeFileSync(join(staleSnapshot, 'PG_VERSION'), '17\n');
    writeFileSync(join(staleSnapshot, 'sentinel'), 'stale');
    first = await prepareDevDatabase({ dir: firstDir, migrationsFolder: migrations.folder, cacheDir });
  }, BUILD_TIMEOUT_MS);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('does not restore a snapshot of other migrations: it creates and migrates the database', async () => {
    expect(first.source).toBe('created');
    expect(existsSync(join(firstDir, 'sentinel'))).toBe(false);
    expect(await inspect(firstDir, migrations.folder)).toEqual({
      applied: migrations.entries,
      appliedAfterOpen: migrations.entries,
      probe: 'dev_snapshot_probe',
      empty: true,
    });
  });

  it('saves the snapshot of these migrations and restores it on the next first start, migrated and unseeded', async () => {
    const current = `pglite-${snapshotKey(migrations.folder)}`;
    expect(readdirSync(cacheDir).sort()).toEqual(
      [current, `pglite-${snapshotKey(migrationsFolder())}`].sort(),
    );

    const dir = join(scratch, 'second', 'pglite');
    const second = await prepareDevDatabase({ dir, migrationsFolder: migrations.folder, cacheDir });

    expect(second.source).toBe('snapshot');
    expect(await inspect(dir, migrations.folder)).toEqual({
      applied: migrations.entries,
      appliedAfterOpen: migrations.entries,
      probe: 'dev_snapshot_probe',
      empty: true,
    });
  });
});
