// End-to-end tests against the production build. `pnpm test:e2e` (scripts/e2e.ts) builds if needed,
// seeds a fresh PGlite folder and sets E2E_PORT, PGLITE_DIR and CHROMIUM_PATH; the defaults below only
// serve a direct `pnpm exec playwright test` after a manual `pnpm build` and `pnpm db:seed`.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two cores: one worker next to the server keeps timings steady.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node_modules/.bin/node .output/server/index.mjs',
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PGLITE_DIR: process.env.PGLITE_DIR ?? '.data/pglite',
      // A fixed test-only value (40 characters); never used outside this suite.
      BETTER_AUTH_SECRET: 'e2e-only-secret-not-for-production-00000',
      BETTER_AUTH_URL: baseURL,
      VITE_BASE_URL: baseURL,
    },
  },
});
