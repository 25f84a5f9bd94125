import '@tanstack/react-start/server-only';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

// The development database's first start. Creating a PGlite cluster took 3 s on a quiet 2-core machine and
// 8-12 s beside Vite's start; copying a migrated data folder takes 0.2 s. `pnpm dev` therefore restores
// `.data/pglite` from a migrated snapshot kept in a per-user cache, made once per set of migrations and
// PGlite version, and prepares it in its own process while Vite starts. The snapshot holds no seed rows:
// the app seeds the empty database on its first open (0.15 s), so the seed's dates are the start's own.

/** Changes when the snapshot's layout or contents change, so older snapshots are never restored. */
const SNAPSHOT_FORMAT = 1;
/** Snapshots kept in the cache (one per set of migrations: branches with other migrations keep theirs). */
const KEPT_SNAPSHOTS = 3;

/** A folder holding a PGlite (Postgres) cluster. */
function isDataDir(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/**
 * Whether `pnpm dev` should prepare `dir`: a folder on disk that is missing or empty. A folder with files
 * but no cluster is left to PGlite, which says what is wrong with it.
 */
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

export type Preparation = { source: 'snapshot' | 'created'; seconds: number };

/**
 * Puts a migrated, empty database at `dir`: a copy of the cached snapshot for these migrations, or, when
 * there is none, a new cluster migrated in a folder of its own, saved to the cache, then moved into place.
 * `dir` appears whole (a rename) or not at all; nothing else may open it meanwhile (`waitWhilePreparing`).
 */
export async function prepareDevDatabase(options: {
  dir: string;
  migrationsFolder: string;
  cacheDir: string;
}): Promise<Preparation> {
  const started = performance.now();
  const dir = resolve(options.dir);
  const snapshot = join(options.cacheDir, `pglite-${snapshotKey(options.migrationsFolder)}`);
  mkdirSync(dirname(dir), { recursive: true });
  removeLeftovers(dir);
  const work = `${dir}.tmp-${process.pid}`;
  try {
    let source: Preparation['source'] = 'snapshot';
    if (isDataDir(snapshot)) {
      cpSync(snapshot, work, { recursive: true });
    } else {
      source = 'created';
      await createMigrated(work, options.migrationsFolder);
      saveSnapshot(work, snapshot);
    }
    // An empty folder (made by hand, or by an older start) is replaced; rename swaps it atomically.
    renameSync(work, dir);
    return { source, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function createMigrated(dir: string, migrationsFolder: string): Promise<void> {
  // Loaded here only: a later start (the folder exists) never needs PGlite or drizzle in this process.
  const { openDatabase } = await import('./client.ts');
  const { runMigrations } = await import('./migrate.ts');
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    await runMigrations(handle, migrationsFolder);
  } finally {
    await handle.close();
  }
}

/** Best effort: without a writable cache the next first start creates the cluster again. */
function saveSnapshot(from: string, snapshot: string): void {
  const building = `${snapshot}.tmp-${process.pid}`;
  try {
    mkdirSync(dirname(snapshot), { recursive: true });
    cpSync(from, building, { recursive: true });
    // Atomic: of two starts saving the same snapshot, the first rename wins and the other drops its copy.
    renameSync(building, snapshot);
    pruneSnapshots(dirname(snapshot));
  } catch {
    // The cache is an optimisation only.
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

function pruneSnapshots(cacheDir: string): void {
  for (const name of readdirSync(cacheDir)) {
    // Copies a killed start left behind (their process is gone).
    const copier = /^pglite-[0-9a-f]{16}\.tmp-(\d+)$/.exec(name)?.[1];
    if (copier && !isAlive(Number(copier))) rmSync(join(cacheDir, name), { recursive: true, force: true });
  }
  const snapshots = readdirSync(cacheDir)
    .filter((name) => /^pglite-[0-9a-f]{16}$/.test(name))
    .map((name) => ({ path: join(cacheDir, name), mtime: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of snapshots.slice(KEPT_SNAPSHOTS)) rmSync(old.path, { recursive: true, force: true });
}

/** Work folders a start killed halfway left next to `dir`. */
function removeLeftovers(dir: string): void {
  const prefix = `${basename(dir)}.tmp-`;
  for (const name of readdirSync(dirname(dir))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(dir), name), { recursive: true, force: true });
  }
}

/** The file that says a process is preparing `dir`; it holds that process's id. */
export function preparingMarker(dir: string): string {
  return `${resolve(dir)}.preparing`;
}

export function markPreparing(dir: string, pid = process.pid): void {
  mkdirSync(dirname(resolve(dir)), { recursive: true });
  writeFileSync(preparingMarker(dir), String(pid));
}

export function unmarkPreparing(dir: string): void {
  rmSync(preparingMarker(dir), { force: true });
}

/**
 * Resolves once no live process is preparing `dir` (PGlite allows one process per folder): at once when
 * there is no marker, or when the process that wrote it is gone (its stale marker is removed then).
 */
export async function waitWhilePreparing(dir: string, pollMs = 50): Promise<void> {
  const marker = preparingMarker(dir);
  for (;;) {
    let pid: number;
    try {
      pid = Number(readFileSync(marker, 'utf8'));
    } catch {
      return;
    }
    if (!isAlive(pid)) {
      rmSync(marker, { force: true });
      return;
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, pollMs));
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
