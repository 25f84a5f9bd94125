import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevDatabase, openDevDatabase, snapshotKey } from './dev-database.ts';
import { migrationsFolder } from './migrate.ts';
import { isDatabaseEmpty } from './seed/seed.ts';
import { appliedMigrations, queryRows } from '@/test/database';

// Real clusters are created here (2-3 s each on a quiet machine, more beside other work).
const CREATE_TIMEOUT_MS = 120_000;

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

/** What a stale or a current snapshot would differ in, read through the handle the app got; then closes it. */
async function inspect({ handle }: DevDatabase) {
  try {
    const probe = await queryRows<{ name: string | null }>(
      handle.db,
      sql`select to_regclass('public.dev_snapshot_probe')::text as name`,
    );
    return {
      applied: await appliedMigrations(handle.db),
      probe: probe[0]?.name ?? null,
      empty: await isDatabaseEmpty(handle.db),
    };
  } finally {
    await handle.close();
  }
}

describe('openDevDatabase', () => {
  let migrations: { folder: string; entries: number };
  let current: string;
  let first: DevDatabase;

  beforeAll(async () => {
    migrations = migrationsWithProbe();
    current = join(cacheDir, `pglite-${snapshotKey(migrations.folder)}.tar`);
    // A first start before the probe migration existed: it leaves the snapshot of the shipped migrations.
    const before = await openDevDatabase({
      dir: join(scratch, 'before'),
      migrationsFolder: migrationsFolder(),
      cacheDir,
    });
    await before.handle.close();
    first = await openDevDatabase({
      dir: join(scratch, 'first'),
      migrationsFolder: migrations.folder,
      cacheDir,
    });
  }, CREATE_TIMEOUT_MS);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('does not restore the snapshot of other migrations: it creates and migrates the database', async () => {
    expect(existsSync(join(cacheDir, `pglite-${snapshotKey(migrationsFolder())}.tar`))).toBe(true);
    expect(first.source).toBe('created');
    expect(await inspect(first)).toEqual({
      applied: migrations.entries,
      probe: 'dev_snapshot_probe',
      empty: true,
    });
  });

  it('saves the new database as the snapshot of its migrations, and a new folder starts from it, migrated and unseeded', async () => {
    expect(existsSync(current)).toBe(true);
    const second = await openDevDatabase({
      dir: join(scratch, 'second'),
      migrationsFolder: migrations.folder,
      cacheDir,
    });
    expect(second.source).toBe('snapshot');
    expect(await inspect(second)).toEqual({
      applied: migrations.entries,
      probe: 'dev_snapshot_probe',
      empty: true,
    });
  });

  it('opens a folder that has a database as it is, whatever the cache holds', async () => {
    const again = await openDevDatabase({
      dir: join(scratch, 'second'),
      migrationsFolder: migrations.folder,
      cacheDir,
    });
    expect(again.source).toBe('existing');
    await again.handle.close();
  });

  it(
    'replaces a snapshot that does not load (cut short) with a new database and a new snapshot',
    async () => {
      writeFileSync(current, readFileSync(current).subarray(0, 4096));
      const dir = join(scratch, 'third');
      const third = await openDevDatabase({ dir, migrationsFolder: migrations.folder, cacheDir });
      expect(third.source).toBe('created');
      expect(await inspect(third)).toEqual({
        applied: migrations.entries,
        probe: 'dev_snapshot_probe',
        empty: true,
      });
      expect(readFileSync(current).length).toBeGreaterThan(4096);
      expect(readdirSync(cacheDir).filter((name) => name.endsWith('.partial'))).toEqual([]);
    },
    CREATE_TIMEOUT_MS,
  );
});
