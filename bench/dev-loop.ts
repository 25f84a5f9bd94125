// Developer loop, measured on a fresh clone of the committed tree in a temp folder: a cold install (an
// empty pnpm store of its own, so every package comes from the registry), the same install again with no
// node_modules but the store warm, time to the first answer of `pnpm dev`, production build, and
// (BENCH_FULL_TEST=1) the whole `pnpm test`. Run alone: `node bench/dev-loop.ts`.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow, Section } from './types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEV_ANSWER_TIMEOUT_MS = 120_000;

function timed(label: string, command: string, args: string[], cwd: string, timeoutMs: number): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: 'ignore', timeout: timeoutMs, env: cleanEnv() });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
  return (performance.now() - started) / 1000;
}

/** The bench's own settings and CI flags stay out of the measured commands. */
function cleanEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, PGLITE_DIR: _pg, ...env } = process.env;
  return env;
}

async function firstDevAnswer(cwd: string): Promise<number> {
  const started = performance.now();
  const child: ChildProcess = spawn('pnpm', ['dev'], {
    cwd,
    stdio: 'ignore',
    detached: true,
    env: { ...cleanEnv(), PGLITE_DIR: join(cwd, '.data', 'pglite') },
  });
  try {
    while (performance.now() - started < DEV_ANSWER_TIMEOUT_MS) {
      const response = await fetch('http://127.0.0.1:3000/login').catch(() => undefined);
      if (response?.ok && (await response.text()).includes('<html')) {
        return (performance.now() - started) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('pnpm dev did not answer /login within 120 s');
  } finally {
    // The dev script starts Vite and the mail catcher: stop the whole process group.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

export const measure: Section = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'starter-bench-loop-'));
  const app = join(dir, 'app');
  try {
    spawnSync('git', ['clone', '-q', root, app], { stdio: 'ignore' });
    if (!existsSync(join(app, 'package.json'))) throw new Error(`git clone of ${root} failed`);
    const store = join(dir, 'store');
    const coldInstall = timed(
      'cold install',
      'pnpm',
      ['install', '--frozen-lockfile', '--store-dir', store],
      app,
      900_000,
    );
    rmSync(join(app, 'node_modules'), { recursive: true, force: true });
    const install = timed(
      'install',
      'pnpm',
      ['install', '--frozen-lockfile', '--prefer-offline', '--store-dir', store],
      app,
      600_000,
    );
    const dev = await firstDevAnswer(app);
    const build = timed('build', 'pnpm', ['build'], app, 600_000);
    const rows: BenchRow[] = [
      { metric: 'cold install (empty store, from the registry)', value: round(coldInstall), unit: 's' },
      { metric: 'install, no node_modules (warm store)', value: round(install), unit: 's' },
      { metric: 'first `pnpm dev` answer of /login', value: round(dev), unit: 's' },
      { metric: 'production build', value: round(build), unit: 's' },
    ];
    if (process.env.BENCH_FULL_TEST === '1') {
      rows.push({
        metric: 'full `pnpm test`',
        value: round(timed('test', 'pnpm', ['test'], app, 3_600_000)),
        unit: 's',
      });
    }
    return { section: 'developer loop', rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(JSON.stringify(await measure(), null, 2));
}
