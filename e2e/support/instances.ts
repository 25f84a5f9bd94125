// Production servers started by a spec itself, as separate processes on ports of their own (not the
// suite's E2E_PORT servers): for tests about several instances sharing one database and about how a
// process stops. Every spawned process is also killed when the Playwright worker exits, so a failed test
// or a crashed worker leaves nothing running.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

/** The same test-only secret as playwright.config.ts: instances sharing a database must share it. */
export const E2E_SECRET = 'e2e-only-secret-not-for-production-00000';

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export type Instance = {
  port: number;
  origin: string;
  process: ChildProcess;
  /** Resolves once the process has exited, with when (ms epoch). */
  exited: Promise<Exit>;
  /** The last lines the process printed (stdout and stderr), for failure messages. */
  output: () => string;
  /** SIGTERM, then SIGKILL if the process is still running after `graceMs`; resolves with the exit. */
  stop: (graceMs?: number) => Promise<Exit>;
};

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A TCP port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** A client address of its own for one virtual client: the instances trust X-Forwarded-For. */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * Starts `node .output/server/index.mjs` on a free port with the environment of the suite's servers
 * (playwright.config.ts `server()`), `env` on top: `DATABASE_URL` or `PGLITE_DIR`, `EMAIL_SERVER`,
 * `REDIS_URL`, `AUTH_SIGN_UP`... Does not wait: see `waitForReady`.
 */
export async function startInstance(
  env: Record<string, string>,
  options: { hostname?: '127.0.0.1' | 'localhost'; nodeArgs?: string[] } = {},
): Promise<Instance> {
  const port = await freePort();
  // `localhost` for what a browser refuses on an IP address (a passkey's relying party); the server
  // still listens on 127.0.0.1.
  const origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  // srvx skips its graceful shutdown when CI or TEST is set (as scripts/load/run.ts notes); an instance
  // here must behave as deployed, not as the runner's environment would make it.
  const { CI: _ci, TEST: _test, ...inherited } = process.env;
  const child = spawn('node_modules/.bin/node', [...(options.nodeArgs ?? []), '.output/server/index.mjs'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PGLITE_DIR: '',
      REDIS_URL: '',
      EMAIL_SERVER: '',
      BETTER_AUTH_SECRET: E2E_SECRET,
      BETTER_AUTH_URL: origin,
      TRUST_PROXY: 'true',
      AUTH_SIGN_UP: 'true',
      ADMIN_USER_IDS: '',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      VITE_IS_DEMO: 'false',
      ...env,
    },
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolveExit({ code, signal, at: Date.now() });
    });
    // A process that could not be started (no build, say) reports it here, maybe without an exit.
    child.once('error', (error) => {
      output += `\n${error.message}`;
      if (child.pid === undefined) {
        running.delete(child);
        resolveExit({ code: null, signal: null, at: Date.now() });
      }
    });
  });
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return { port, origin, process: child, exited, output: () => output, stop };
}

/**
 * Waits until the instance answers 200 on /api/ready (its database answers and is migrated), failing
 * early with the process's output if it exits first.
 */
export async function waitForReady(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  let gone: Exit | undefined;
  void instance.exited.then((exit) => (gone = exit));
  while (Date.now() < deadline) {
    if (gone) {
      throw new Error(
        `${instance.origin} exited (code ${gone.code}, signal ${gone.signal}) before it was ready:\n${instance.output()}`,
      );
    }
    try {
      const response = await fetch(`${instance.origin}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
      lastError = `HTTP ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${instance.origin} not ready within ${timeoutMs} ms (${lastError}):\n${instance.output()}`,
  );
}

/** Stops every instance given (SIGTERM, then SIGKILL after `graceMs`), whatever state they are in. */
export async function stopAll(instances: Iterable<Instance | undefined>, graceMs = 10_000): Promise<void> {
  await Promise.all([...instances].map((instance) => instance?.stop(graceMs)));
}

export type ThrowawayDatabase = {
  name: string;
  /** The database's connection URL, for DATABASE_URL. */
  url: string;
  /** A small client on it, for the test's own reads and writes (closed by `drop`). */
  sql: postgres.Sql;
  /** Closes the client and drops the database, disconnecting whoever is still on it. */
  drop: () => Promise<void>;
};

/**
 * A new, empty database on the server of `serverUrl` (which the tests may create databases on but
 * whose own data they never touch), for instances to migrate and share.
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<ThrowawayDatabase> {
  // [a-z0-9_] only, so it is safe to splice into CREATE/DROP DATABASE.
  const name = `e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (server) => server.unsafe(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {}, connect_timeout: 10 });
  let dropped = false;
  return {
    name,
    url: url.toString(),
    sql,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await sql.end({ timeout: 5 });
      await onServer(serverUrl, (server) => server.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Runs `fn` with a one-connection client on the server's own database, closed afterwards. */
export async function onServer<T>(serverUrl: string, fn: (server: postgres.Sql) => Promise<T>): Promise<T> {
  const server = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(server);
  } finally {
    await server.end({ timeout: 5 });
  }
}

export type SeededInstance = Instance & {
  /** Moves the instance's clock `ms` further forward (e2e/support/shifted-clock.ts). */
  advanceClock: (ms: number) => Promise<void>;
  /** Puts the instance's clock back to the real time. */
  resetClock: () => Promise<void>;
  /** Stops the instance and removes its database folder. */
  close: () => Promise<void>;
};

/**
 * A production instance of its own on `http://localhost:<port>` (browsers refuse an IP address as a
 * passkey's relying party) over a freshly seeded PGlite folder, mailing to the suite's SMTP catcher, with
 * a clock a test can move forward. Waits until it is ready.
 */
export async function startSeededInstance(): Promise<SeededInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-instance-'));
  const clockFile = join(dir, 'clock');
  writeFileSync(clockFile, '0');
  const dataDir = join(dir, 'pglite');
  const seeded = spawnSync('node_modules/.bin/node', ['src/server/db/cli/seed.ts'], {
    env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr}`);
  const instance = await startInstance(
    { PGLITE_DIR: dataDir, EMAIL_SERVER: process.env.EMAIL_SERVER ?? '', E2E_CLOCK_FILE: clockFile },
    { hostname: 'localhost', nodeArgs: ['--import', './e2e/support/shifted-clock.ts'] },
  );
  await waitForReady(instance);
  const setClock = async (offset: number) => {
    writeFileSync(clockFile, String(offset));
    // The instance re-reads the file on a file-system notification, which arrives within milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  return {
    ...instance,
    advanceClock: (ms) => setClock(Number(readFileSync(clockFile, 'utf8')) + ms),
    resetClock: () => setClock(0),
    close: async () => {
      await instance.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
