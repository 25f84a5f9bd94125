// The entity generator's proof: in a temporary copy of this tree, `pnpm scaffold:entity` adds an entity with
// one field of every kind, and the copy must then build, pass the type check, the linter (layer map), knip
// (nothing unused, nothing missing), seed its sample rows and pass the new entity's own unit, component and
// integration tests, or with `--all` every test of the tree: `pnpm test` runs its Vitest phase this way
// (scripts/test.ts), so a test that pins the set of entities fails as surely as a generated one. When the
// repository slice or a shared list changes in a way the generator does not follow, this fails.
// `pnpm scaffold:check --keep` leaves the copy for a look.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EVERY_KIND } from './scaffold/spec.ts';

const root = resolve(import.meta.dirname, '..');
const dashes = process.argv.indexOf('--');
const own = dashes < 0 ? process.argv.slice(2) : process.argv.slice(2, dashes);
/** `--all`: run every test of the copy (what `pnpm test` does), with Vitest options given after `--`. */
const all = own.includes('--all');
const forwarded = dashes < 0 ? [] : process.argv.slice(dashes + 1);
const keep = own.includes('--keep');
const copy = mkdtempSync(join(tmpdir(), 'starter-scaffold-'));

function step(label: string, command: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    throw new Error(`✖ ${label} (${seconds} s)\n${result.stdout}\n${result.stderr}`);
  }
  console.info(`✔ ${label} (${seconds} s)`);
}

const bin = (name: string) => join(root, 'node_modules/.bin', name);
const generated = ['src/features/ticket', 'src/routes/app/tickets', 'src/routes/manager/tickets'];

try {
  // The tree as it is now, committed or not (ignored files left out), with this tree's packages.
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.stdout.split('\0').filter((file) => file && existsSync(join(root, file)));
  const tar = spawnSync('sh', ['-c', `tar --null -T - -cf - | tar -xf - -C '${copy}'`], {
    cwd: root,
    input: files.join('\0'),
  });
  if (tar.status !== 0) throw new Error(`copying the tree failed: ${String(tar.stderr)}`);
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  console.info(`The generator, on an entity with every kind of field, in ${copy}:`);
  step(`pnpm scaffold:entity ${EVERY_KIND.join(' ')}`, bin('node'), [
    'scripts/scaffold-entity.ts',
    ...EVERY_KIND,
  ]);
  step('pnpm db:generate --name ticket', bin('drizzle-kit'), ['generate', '--name', 'ticket']);
  step('pnpm format', bin('prettier'), [
    '--write',
    '--log-level=warn',
    ...generated,
    'src/server',
    'e2e',
    'public/locales',
    'app.config.ts',
  ]);
  // The build writes the route tree the type check needs, as `pnpm build` and `pnpm dev` do.
  step('pnpm build', bin('vite'), ['build', '--logLevel', 'error']);
  step('pnpm typecheck', bin('tsc'), ['--noEmit']);
  step('eslint (the layer map) on the new files', bin('eslint'), [
    ...generated,
    'src/server/db',
    'e2e/manager-tickets.spec.ts',
  ]);
  step('knip', bin('knip'), []);
  // The database scripts read the schema with plain Node: no path alias may reach it.
  step('pnpm db:seed (an embedded database in the copy)', bin('node'), ['src/server/db/cli/seed.ts']);
  if (all) {
    // Every test of the tree, the new entity's among them: a test that pins the set of entities fails here.
    console.info('▶ Every unit, component and integration test, the new entity’s included');
    const suite = spawnSync(bin('vitest'), ['run', ...forwarded], { cwd: copy, stdio: 'inherit' });
    if (suite.status !== 0) throw new Error('✖ the tests failed (above)');
  } else {
    step('the new entity’s unit, component and integration tests', bin('vitest'), [
      'run',
      '--project=unit',
      '--project=component',
      '--project=integration-pglite',
      'src/features/ticket',
    ]);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (keep) console.error(`The generated copy is in ${copy}.`);
  process.exitCode = 1;
} finally {
  if (!keep) rmSync(copy, { recursive: true, force: true });
}
