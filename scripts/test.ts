// `pnpm test`: everything — the entity generator's proof and, in the same copy of the tree with its entity,
// the unit, component and integration tests (PGlite, and real Postgres and Redis when TEST_DATABASE_URL and
// TEST_REDIS_URL are set; scripts/scaffold-check.ts), the production build and its first-load JS budget, then
// the end-to-end suite against that build. Each part's time is printed, then the ten slowest test files,
// and the last lines say what was left out and which variable brings it in.
//
// `pnpm test --changed [ref]`: the local loop — only the Vitest files a change since `ref` (default: the
// uncommitted change) touches, through their imports, and the end-to-end files it touches likewise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const timings: [string, number][] = [];
const reports = mkdtempSync(join(tmpdir(), 'starter-test-reports-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.info(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds]);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds.toFixed(1)}s`);
    printSlowest();
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

type FileTime = { file: string; seconds: number };

/** Vitest's JSON report: each file's time (its project's run of it; a file run by two projects twice). */
function vitestFiles(path: string): FileTime[] {
  if (!existsSync(path)) return [];
  const report = JSON.parse(readFileSync(path, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  return report.testResults.map((result) => ({
    // The full run is in a temporary copy of the tree (scripts/scaffold-check.ts): its paths, from its root.
    file: relative(process.cwd(), result.name).replace(/^.*starter-scaffold-\w+\//, ''),
    seconds: (result.endTime - result.startTime) / 1000,
  }));
}

type PlaywrightSuite = {
  file: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
};

/** Playwright's JSON report: each spec file's tests' time, summed (the workers overlap them). */
function playwrightFiles(path: string): FileTime[] {
  if (!existsSync(path)) return [];
  const totals = new Map<string, number>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        totals.set(`e2e/${suite.file}`, (totals.get(`e2e/${suite.file}`) ?? 0) + ms / 1000);
      }
    }
    for (const child of suite.suites ?? []) walk({ ...child, file: child.file ?? suite.file });
  };
  for (const suite of (JSON.parse(readFileSync(path, 'utf8')) as { suites: PlaywrightSuite[] }).suites)
    walk(suite);
  return [...totals].map(([file, seconds]) => ({ file, seconds }));
}

function printSlowest(): void {
  const files = [...vitestFiles(join(reports, 'vitest.json')), ...playwrightFiles(join(reports, 'e2e.json'))];
  if (files.length === 0) return;
  console.info('\nThe ten slowest test files:');
  for (const { file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
    console.info(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

const args = process.argv.slice(2);
const changedAt = args.indexOf('--changed');
const changed = changedAt >= 0;
const since =
  changed && args[changedAt + 1] && !args[changedAt + 1]?.startsWith('-') ? args[changedAt + 1] : '';
const vitestReport = [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
];
const e2eEnv = { ...process.env, E2E_JSON_REPORT: join(reports, 'e2e.json') };

if (changed) {
  run('Unit, component and integration tests touched by the change', 'pnpm', [
    'exec',
    'vitest',
    'run',
    since ? `--changed=${since}` : '--changed',
    '--passWithNoTests',
    ...vitestReport,
  ]);
  run('Production build', 'pnpm', ['build']);
  run(
    'End-to-end tests touched by the change (Chromium)',
    'node',
    ['scripts/e2e.ts', since ? `--only-changed=${since}` : '--only-changed', '--pass-with-no-tests'],
    e2eEnv,
  );
} else {
  // In a copy of the tree with a generated entity of every kind of field (scripts/scaffold-check.ts): the
  // generator's proof, and every test run with one more entity than the product has.
  run(
    'An entity with every kind of field generated, built and checked; then every unit, component and integration test',
    'node',
    ['scripts/scaffold-check.ts', '--all', '--', ...vitestReport],
  );
  run('Production build', 'pnpm', ['build']);
  run('First-load JS budget', 'node', ['scripts/bundle-budget.ts']);
  run('End-to-end tests (Chromium)', 'node', ['scripts/e2e.ts'], e2eEnv);
}

console.info('\nTimes:');
for (const [label, seconds] of timings)
  console.info(`  ${label.padEnd(52)} ${seconds.toFixed(1).padStart(7)} s`);
printSlowest();
const skipped = skippedParts(process.env);
if (skipped.length) {
  console.info('\nAll run parts passed. Not run here:');
  for (const part of skipped) console.info(`  – ${part}`);
} else {
  console.info('\nAll parts passed, Postgres and Redis included.');
}
console.info('Separate commands, never part of this one: pnpm test:load, pnpm test:soak, pnpm bench.');
