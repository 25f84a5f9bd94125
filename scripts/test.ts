// `pnpm test`: everything — unit, component and integration tests (PGlite, and real Postgres and Redis when
// TEST_DATABASE_URL and TEST_REDIS_URL are set), the production build and its first-load JS budget, then
// the end-to-end suite against that build. Each part's time is printed, and the last lines say what was
// left out and which variable brings it in.
import { spawnSync } from 'node:child_process';

const timings: [string, number][] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.info(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds]);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds.toFixed(1)}s`);
    process.exit(result.status ?? 1);
  }
  console.info(`✔ ${label} passed in ${seconds.toFixed(1)}s`);
}

/** What this run leaves out: the optional parts and the variable each needs. */
function skippedParts(env: NodeJS.ProcessEnv): string[] {
  const skipped: string[] = [];
  if (!env.TEST_DATABASE_URL) {
    skipped.push(
      'integration tests on a real Postgres server: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (a server where tests may create and drop databases)',
    );
  }
  if (!env.TEST_REDIS_URL) {
    skipped.push(
      'the Redis-backed rate limits and quotas: set TEST_REDIS_URL=redis://127.0.0.1:6379 (tests write under their own key prefix)',
    );
  }
  return skipped;
}

run('Unit, component and integration tests', 'pnpm', ['exec', 'vitest', 'run']);
run('Production build', 'pnpm', ['build']);
run('First-load JS budget', 'node', ['scripts/bundle-budget.ts']);
run('End-to-end tests (Chromium)', 'node', ['scripts/e2e.ts']);

console.info('\nTimes:');
for (const [label, seconds] of timings)
  console.info(`  ${label.padEnd(40)} ${seconds.toFixed(1).padStart(7)} s`);
const skipped = skippedParts(process.env);
if (skipped.length) {
  console.info('\nAll run parts passed. Not run here:');
  for (const part of skipped) console.info(`  – ${part}`);
} else {
  console.info('\nAll parts passed, Postgres and Redis included.');
}
console.info('Separate commands, never part of this one: pnpm test:load, pnpm test:soak, pnpm bench.');
