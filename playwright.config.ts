// End-to-end tests against the production build. `pnpm test:e2e` (scripts/e2e.ts) builds if needed,
// seeds a fresh PGlite folder and sets E2E_PORT, PGLITE_DIR and CHROMIUM_PATH; the defaults below only
// serve a direct `pnpm exec playwright test` after a manual `pnpm build` and `pnpm db:seed`.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// scripts/e2e.ts starts one main server per worker (E2E_PORTS, E2E_PGLITE_DIRS). This file is also read in
// each worker process, before its tests load: there E2E_PORT becomes the worker's own server, which every
// helper reads (TEST_PARALLEL_INDEX is the worker's slot, kept when a failed test restarts the worker).
const ports = (process.env.E2E_PORTS ?? process.env.E2E_PORT ?? '4173').split(',').map(Number);
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (process.env.TEST_PARALLEL_INDEX !== undefined) process.env.E2E_PORT = String(ports[slot % ports.length]);
const port = Number(process.env.E2E_PORT ?? ports[0]);
const baseURL = `http://127.0.0.1:${port}`;
const pgliteDirs = (process.env.E2E_PGLITE_DIRS ?? process.env.PGLITE_DIR ?? '.data/pglite').split(',');
// scripts/ensure-chromium.ts chooses for `pnpm test:e2e`; a direct run takes the same Debian binaries.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per main server (scripts/e2e.ts starts three); E2E_WORKERS=1 runs the journeys one at a time.
  workers: Number(process.env.E2E_WORKERS ?? ports.length),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // `pnpm test` reads each spec file's time from it (scripts/test.ts).
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Users who ask for less motion get none (src/styles.css): a journey clicks a sheet's button at once
    // instead of retrying until its slide-in ends. The sweep's screens keep the default motion.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      // Only tests tagged @mobile run at phone size: layout-sensitive checks, not every journey twice.
      name: 'mobile',
      grep: /@mobile/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false },
    },
  ],
  webServer: [
    // The main servers show database time and query counts in Server-Timing, which tests count; the
    // others keep the production default, which shows neither (e2e/answers.spec.ts).
    ...ports.map((mainPort, i) =>
      server(mainPort, pgliteDirs[i] ?? '.data/pglite', {
        SERVER_TIMING_DETAIL: 'true',
        // Each worker's server signs its mail, so a worker never reads a code another one's server sent to
        // the same seeded address (e2e/support/mail.ts).
        EMAIL_FROM: `Starter <no-reply-${mainPort}@e2e.test>`,
      }),
    ),
    ...closedServer(),
    ...demoServer(),
  ],
});

/** One production server on `serverPort` over its own PGlite folder (one process per folder). */
function server(
  serverPort: number,
  pgliteDir: string,
  extraEnv: Record<string, string>,
  nodeArgs: string[] = [],
) {
  const origin = `http://127.0.0.1:${serverPort}`;
  return {
    command: ['node_modules/.bin/node', ...nodeArgs, '.output/server/index.mjs'].join(' '),
    url: `${origin}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PGLITE_DIR: pgliteDir,
      // A fixed test-only value (40 characters); never used outside this suite.
      BETTER_AUTH_SECRET: 'e2e-only-secret-not-for-production-00000',
      BETTER_AUTH_URL: origin,
      // The suite plays a proxy: e2e/support/session.ts gives each signed-in journey its own client
      // address in X-Forwarded-For, so many sign-ins stay under the per-IP code limit.
      TRUST_PROXY: 'true',
      // Real SMTP and OIDC servers started by scripts/e2e.ts (absent when Playwright runs alone).
      EMAIL_SERVER: process.env.EMAIL_SERVER ?? '',
      OIDC_ISSUER: process.env.OIDC_ISSUER ?? '',
      OIDC_CLIENT_ID: process.env.OIDC_CLIENT_ID ?? '',
      OIDC_CLIENT_SECRET: process.env.OIDC_CLIENT_SECRET ?? '',
      OIDC_NAME: process.env.OIDC_NAME ?? '',
      // Read at run time: only the demo server below is a demo, whatever the build was made with.
      VITE_IS_DEMO: 'false',
      // /api/metrics is served (to this bearer token only), so the permission matrix meets its 401.
      METRICS_TOKEN: 'e2e-metrics-token-not-for-production-0000',
      ...extraEnv,
    },
  };
}

/**
 * The same app with sign-up turned off, when scripts/e2e.ts prepared a database for it. Its clock can
 * be moved forward by the tests (e2e/support/shifted-clock.ts), so codes expire without waiting.
 */
function closedServer() {
  const closedPort = Number(process.env.E2E_CLOSED_PORT ?? 0);
  const dir = process.env.E2E_CLOSED_PGLITE_DIR;
  const clock = process.env.E2E_CLOCK_FILE;
  if (!closedPort || !dir) return [];
  const preload = clock ? ['--import', './e2e/support/shifted-clock.ts'] : [];
  return [server(closedPort, dir, { AUTH_SIGN_UP: 'false' }, preload)];
}

/**
 * The same build started as a read-only demo: the flag is read at run time (docs/decisions/008), so
 * no second build is needed.
 */
function demoServer() {
  const demoPort = Number(process.env.E2E_DEMO_PORT ?? 0);
  const dir = process.env.E2E_DEMO_PGLITE_DIR;
  if (!demoPort || !dir) return [];
  return [server(demoPort, dir, { VITE_IS_DEMO: 'true' })];
}
