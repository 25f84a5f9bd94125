import '@tanstack/react-start/server-only';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

// The development database's first start. Creating a PGlite cluster took 3 s on a quiet 2-core machine and
// 8-12 s beside Vite's start; loading a dumped data folder takes under 1 s, with the migrations already
// applied. So the first start of a set of migrations saves its freshly migrated database (`dumpDataDir`, an
// archive consistent while the database is open) into a per-user cache, and every later first start (a new
// clone, a removed .data, another worktree) loads that instead. The snapshot holds no seed rows: the app
// seeds the empty database next (0.15 s), so the seed's dates are the start's own.

/** Changes when the snapshot's layout or contents change, so older snapshots are never restored. */
const SNAPSHOT_FORMAT = 1;
/** Snapshots kept in the cache (about 40 MB each; a branch with other migrations has its own). */
const KEPT_SNAPSHOTS = 2;

/** Whether `dir` is a folder on disk that is missing or empty, so the first open creates its cluster. */
export function needsPreparation(dir: string): boolean {
  if (dir.startsWith('memory://')) return false;
  if (!existsSync(dir)) return true;
  return readdirSync(dir).length === 0;
}

/**
 * What the snapshot depends on: every file of the migrations folder and the PGlite version (its data
 * folder format). Any change there gives another key, so a snapshot of other migrations is never restored.
 */
export function snapshotKey(migrationsFolder: string, pgliteVersion = installedPgliteVersion()): string {
  const hash = createHash('sha256').update(`format ${SNAPSHOT_FORMAT}\npglite ${pgliteVersion}\n`);
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(`${file}\n`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

function installedPgliteVersion(): string {
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm');
  const manifest = JSON.parse(readFileSync(join(dirname(wasm), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The per-user cache the snapshots live in: `$XDG_CACHE_HOME/starter`, else `~/.cache/starter`. */
export function snapshotCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'starter');
}

export type DevDatabase = {
  handle: DatabaseHandle;
  /** `existing`: the folder had a database; `snapshot`: loaded from the cache; `created`: a new cluster. */
  source: 'existing' | 'snapshot' | 'created';
  seconds: number;
};

/**
 * Opens the development database at `dir` and applies the migrations: from the cached snapshot of these
 * migrations when the folder is new, else as PGlite opens any folder; a new cluster is saved as the
 * snapshot for the next first start. A snapshot that does not load is deleted and the cluster created.
 */
export async function openDevDatabase(options: {
  dir: string;
  migrationsFolder: string;
  cacheDir: string;
}): Promise<DevDatabase> {
  const started = performance.now();
  const { dir, migrationsFolder, cacheDir } = options;
  const fresh = needsPreparation(dir);
  const snapshot = fresh ? join(cacheDir, `pglite-${snapshotKey(migrationsFolder)}.tar`) : undefined;
  let source: DevDatabase['source'] = fresh ? 'created' : 'existing';
  let handle: DatabaseHandle | undefined;
  if (snapshot && existsSync(snapshot)) {
    try {
      handle = await openDatabase({ pgliteDir: dir, loadDataDir: new Blob([await readFile(snapshot)]) });
      source = 'snapshot';
    } catch {
      await handle?.close().catch(() => {});
      handle = undefined;
      // The folder was new: what the failed load left there is ours to remove.
      rmSync(dir, { recursive: true, force: true });
      rmSync(snapshot, { force: true });
    }
  }
  handle ??= await openDatabase({ pgliteDir: dir });
  try {
    await runMigrations(handle, migrationsFolder);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  if (snapshot && source === 'created') await saveSnapshot(handle, snapshot);
  return { handle, source, seconds: (performance.now() - started) / 1000 };
}

/** Best effort: without a writable cache the next first start creates the cluster again. */
async function saveSnapshot(handle: DatabaseHandle, snapshot: string): Promise<void> {
  if (!handle.dumpDataDir) return;
  const partial = `${snapshot}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(snapshot), { recursive: true });
    const archive = await handle.dumpDataDir();
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
    // Atomic: a start never reads a half-written snapshot.
    renameSync(partial, snapshot);
    pruneSnapshots(dirname(snapshot));
  } catch {
    rmSync(partial, { force: true });
  }
}

function pruneSnapshots(cacheDir: string): void {
  const snapshots = readdirSync(cacheDir)
    .filter((name) => /^pglite-[0-9a-f]{16}\.tar$/.test(name))
    .map((name) => ({ path: join(cacheDir, name), mtime: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of snapshots.slice(KEPT_SNAPSHOTS)) rmSync(old.path, { force: true });
}
