import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needsPreparation, snapshotCacheDir, snapshotKey } from './dev-database.ts';
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

describe('snapshotCacheDir', () => {
  it('is under XDG_CACHE_HOME when set, else under ~/.cache', () => {
    expect(snapshotCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe('/var/cache/me/starter');
    expect(snapshotCacheDir({})).toBe(join(homedir(), '.cache', 'starter'));
  });
});
