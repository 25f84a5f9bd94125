// `pnpm test`: everything — unit, component and integration tests (PGlite, and real Postgres when
// TEST_DATABASE_URL is set), then the end-to-end suite against a fresh production build.
import { spawnSync } from 'node:child_process';

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.info(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.info(`✔ ${label} passed in ${seconds}s`);
}

if (!process.env.TEST_DATABASE_URL) {
  console.info('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
run('Unit, component and integration tests', 'pnpm', ['exec', 'vitest', 'run']);
run('Production build', 'pnpm', ['build']);
run('First-load JS budget', 'node', ['scripts/bundle-budget.ts']);
run('End-to-end tests (Chromium)', 'node', ['scripts/e2e.ts']);
