// `pnpm test:e2e`: the end-to-end suite against the production build, on a free port and a fresh,
// seeded PGlite folder that is removed afterwards. Extra arguments go to `playwright test`.
// E2E_BUILD=1 rebuilds even when `.output` exists.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOidcServer } from '../e2e/support/oidc-server.ts';
import { serveCatcherOverHttp, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import { resolveChromium } from './ensure-chromium.ts';

function runOrExit(label: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.info(`▶ ${label}`);
  const result = spawnSync('pnpm', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal})`);
    cleanup();
    process.exit(result.status ?? 1);
  }
}

/** Ports handed out so far: the kernel may offer a port again once its probe closed. */
const given = new Set<number>();

async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
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

let tempDir: string | undefined;

function cleanup(): void {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}

if (process.env.E2E_BUILD === '1' || !existsSync('.output/server/index.mjs')) {
  runOrExit('Production build', ['build']);
}

const chromiumPath = resolveChromium();
// One main server per Playwright worker, each over its own copy of the seeded database: a PGlite server
// answers one query at a time on one core, so two workers sharing one waited on each other's queries.
// Three workers on two cores: much of a journey waits (a code's time floor, mail, a debounce), which the
// others fill; the suite took 5.7 minutes with three against 6.2 with two.
const workers = Number(process.env.E2E_WORKERS ?? 3);
const ports: number[] = [];
for (let i = 0; i < workers; i++) ports.push(await freePort());
const [port = 0] = ports;
// A server with sign-up turned off, for the login-only wording and behaviour.
const closedPort = await freePort();
// One started as a read-only demo, from the same build.
const demoPort = await freePort();
tempDir = mkdtempSync(join(tmpdir(), 'starter-e2e-'));
const pgliteDirs = ports.map((_, i) => join(tempDir as string, `pglite-${i}`));
const [pgliteDir = ''] = pgliteDirs;
const closedPgliteDir = join(tempDir, 'pglite-closed');
const demoPgliteDir = join(tempDir, 'pglite-demo');
// The sign-up-off server's clock offset in milliseconds, moved forward by tests (e2e/support/server-clock.ts).
const clockFile = join(tempDir, 'clock-offset');
writeFileSync(clockFile, '0');

// Real SMTP and a real OpenID Connect provider on loopback, living as long as this process.
const smtp = await startSmtpCatcher();
const mailApi = await serveCatcherOverHttp(smtp);
const oidc = await startOidcServer({
  port: await freePort(),
  redirectUris: ports.map((main) => `http://127.0.0.1:${main}/api/auth/callback/oidc`),
});

// The suite runs on embedded PGlite: an inherited DATABASE_URL must not point the seed or server elsewhere.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: '',
  PGLITE_DIR: pgliteDir,
  CHROMIUM_PATH: chromiumPath,
  E2E_PORT: String(port),
  // playwright.config.ts gives each worker one of these (and its folder) as its E2E_PORT.
  E2E_PORTS: ports.join(','),
  E2E_PGLITE_DIRS: pgliteDirs.join(','),
  E2E_CLOSED_PORT: String(closedPort),
  E2E_CLOSED_PGLITE_DIR: closedPgliteDir,
  E2E_DEMO_PORT: String(demoPort),
  E2E_DEMO_PGLITE_DIR: demoPgliteDir,
  E2E_CLOCK_FILE: clockFile,
  // Files the tests share across Playwright workers (a worker restarts after each failed test).
  E2E_STATE_DIR: tempDir,
  E2E_MAIL_API: mailApi.url,
  EMAIL_SERVER: smtp.url,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: oidc.clientId,
  OIDC_CLIENT_SECRET: oidc.clientSecret,
  OIDC_NAME: 'Loopback ID',
};

// Seeded once; the other servers start from copies of that folder (closed, so a plain copy is whole).
runOrExit('Seed the e2e database', ['db:seed'], env);
for (const dir of [...pgliteDirs.slice(1), closedPgliteDir, demoPgliteDir]) {
  cpSync(pgliteDir, dir, { recursive: true });
}

console.info(`▶ Playwright on http://127.0.0.1:${port} with ${chromiumPath}`);
const child = spawn('pnpm', ['exec', 'playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});

// Ctrl-C reaches Playwright through the terminal; forward a SIGTERM sent to this script only.
// Either way this process stays alive until Playwright exits, so the temp folder is always removed.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));

child.on('exit', (code, signal) => {
  void Promise.all([smtp.close(), mailApi.close(), oidc.close()]);
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
