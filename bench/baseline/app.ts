// Builds and starts the bare baseline app (bench/baseline): the floor the page-weight and SSR sections
// measure the product against. It uses the repository's node_modules, so its framework versions are the
// product's by construction; it is rebuilt whenever its sources or the installed packages are newer than
// its build.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/instances.ts';

export const baselineDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(baselineDir, '../..');
export const baselineOutput = join(baselineDir, 'node_modules/.output');
const builtMarker = join(baselineOutput, 'nitro.json');

/** `pid`: the server process, whose CPU time the SSR section reads. */
export type Baseline = { origin: string; pid: number | undefined; stop: () => Promise<void> };

let building: Promise<void> | undefined;

/** Builds bench/baseline/.output unless it is newer than the app's sources and the installed packages. */
export function ensureBaselineBuild(options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && isFresh()) return Promise.resolve();
  building ??= build().finally(() => (building = undefined));
  return building;
}

function isFresh(): boolean {
  if (!existsSync(builtMarker) || !existsSync(join(baselineOutput, 'server/index.mjs'))) return false;
  const builtAt = statSync(builtMarker).mtimeMs;
  const inputs = [
    join(baselineDir, 'vite.config.ts'),
    ...listFiles(join(baselineDir, 'src')).filter((file) => !file.endsWith('routeTree.gen.ts')),
    // pnpm rewrites this file on every install: a changed framework version means a rebuild.
    join(repoRoot, 'node_modules/.modules.yaml'),
  ];
  return inputs.every((file) => !existsSync(file) || statSync(file).mtimeMs <= builtAt);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(repoRoot, 'node_modules/.bin/vite'),
      ['build', '--config', join(baselineDir, 'vite.config.ts'), '--logLevel', 'error'],
      {
        cwd: baselineDir,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 120_000,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4_000)));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`baseline build failed (${code ?? signal}):\n${errors}`)),
    );
  });
}

/**
 * Starts the baseline's production server on a free loopback port and waits until it answers `/`. `env`
 * gives its data page (/repositories) a database and the session secret.
 */
export async function startBaseline(
  env: { DATABASE_URL?: string; BETTER_AUTH_SECRET?: string } = {},
  timeoutMs = 30_000,
): Promise<Baseline> {
  await ensureBaselineBuild();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { CI: _ci, TEST: _test, ...inherited } = process.env;
  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules/.bin/node'),
    [join(baselineOutput, 'server/index.mjs')],
    {
      cwd: baselineDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...inherited, ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`baseline server exited before answering:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200 && (await response.text()).includes('<h1>Baseline</h1>')) {
        return { origin, pid: child.pid, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`baseline server not answering within ${timeoutMs} ms:\n${output}`);
}
