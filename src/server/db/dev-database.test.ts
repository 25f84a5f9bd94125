import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  markPreparing,
  needsPreparation,
  prepareDevDatabase,
  preparingMarker,
  snapshotCacheDir,
  snapshotKey,
  unmarkPreparing,
  waitWhilePreparing,
} from './dev-database.ts';
import { migrationsFolder } from './migrate.ts';

const scratch = mkdtempSync(join(tmpdir(), 'starter-dev-db-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A fresh folder under the test's scratch folder. */
function folder(name: string): string {
  const path = join(scratch, `${folders++}-${name}`);
  mkdirSync(path, { recursive: true });
  return path;
}

/** A copy of the shipped migrations, to change. */
function copyOfMigrations(): string {
  const copy = folder('drizzle');
  cpSync(migrationsFolder(), copy, { recursive: true });
  return copy;
}

describe('snapshotKey', () => {
  it('is the same for the same migrations and PGlite version', () => {
    expect(snapshotKey(copyOfMigrations(), '0.5.16')).toBe(snapshotKey(migrationsFolder(), '0.5.16'));
  });

  it('changes when a migration is edited, when one is added, and with another PGlite version', () => {
    const shipped = snapshotKey(migrationsFolder(), '0.5.16');
    const edited = copyOfMigrations();
    const first = JSON.parse(readFileSync(join(edited, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const sql = join(edited, `${first.entries[0]?.tag}.sql`);
    writeFileSync(sql, `${readFileSync(sql, 'utf8')}\n-- edited\n`);
    const added = copyOfMigrations();
    writeFileSync(join(added, '9999_added.sql'), 'create table added (id int);');

    expect(snapshotKey(edited, '0.5.16')).not.toBe(shipped);
    expect(snapshotKey(added, '0.5.16')).not.toBe(shipped);
    expect(snapshotKey(migrationsFolder(), '0.5.17')).not.toBe(shipped);
  });
});

describe('needsPreparation', () => {
  it('prepares a missing or empty folder, and leaves one with files or in memory alone', () => {
    expect(needsPreparation(join(scratch, 'missing', 'pglite'))).toBe(true);
    expect(needsPreparation(folder('empty'))).toBe(true);
    const used = folder('used');
    writeFileSync(join(used, 'postgresql.conf'), '');
    expect(needsPreparation(used)).toBe(false);
    expect(needsPreparation('memory://')).toBe(false);
  });
});

describe('prepareDevDatabase from a cached snapshot', () => {
  it('copies the snapshot of these migrations into place, whole, and leaves no work folder', async () => {
    const cacheDir = folder('cache');
    // A stand-in for a migrated cluster: restoring copies the folder and never opens it.
    const snapshot = join(cacheDir, `pglite-${snapshotKey(migrationsFolder())}`);
    mkdirSync(snapshot);
    writeFileSync(join(snapshot, 'PG_VERSION'), '17\n');
    writeFileSync(join(snapshot, 'sentinel'), 'from the snapshot');
    const parent = folder('data');
    const dir = join(parent, 'pglite');

    const done = await prepareDevDatabase({ dir, migrationsFolder: migrationsFolder(), cacheDir });

    expect(done.source).toBe('snapshot');
    expect(readFileSync(join(dir, 'sentinel'), 'utf8')).toBe('from the snapshot');
    expect(existsSync(join(snapshot, 'sentinel'))).toBe(true);
    expect(existsSync(`${dir}.tmp-${process.pid}`)).toBe(false);
  });
});

describe('waitWhilePreparing', () => {
  it('resolves at once without a marker', async () => {
    await expect(waitWhilePreparing(join(folder('none'), 'pglite'))).resolves.toBeUndefined();
  });

  it('waits while a live process prepares the folder, and resolves once it is done', async () => {
    const dir = join(folder('live'), 'pglite');
    markPreparing(dir);
    let waited = false;
    const waiting = waitWhilePreparing(dir, 10).then(() => {
      waited = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waited).toBe(false);
    unmarkPreparing(dir);
    await waiting;
    expect(waited).toBe(true);
  });

  it('ignores and removes the marker of a process that is gone (a start killed halfway)', async () => {
    const dir = join(folder('stale'), 'pglite');
    // Above the kernel's pid limit (4194304), so no process has it.
    markPreparing(dir, 9_999_999);
    await waitWhilePreparing(dir, 10);
    expect(existsSync(preparingMarker(dir))).toBe(false);
  });
});

describe('snapshotCacheDir', () => {
  it('is under XDG_CACHE_HOME when set, else under ~/.cache', () => {
    expect(snapshotCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/starter');
    expect(snapshotCacheDir({})).toBe(join(homedir(), '.cache', 'starter'));
  });
});
