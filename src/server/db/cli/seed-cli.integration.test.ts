// The database commands as an operator runs them (`node src/server/db/cli/<command>.ts`, what `pnpm db:*`
// runs), on a PGlite folder of their own: on a production database they need --force.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { seedDatabase } from '@/server/db/seed/seed';
import { createTestDatabase, queryRows, type TestDatabase } from '@/test/database';

type Run = { code: number | null; stdout: string; stderr: string };

const running = new Set<ChildProcess>();

function runCommand(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`src/server/db/cli/${script}`, ...args], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'cli-test-secret-not-for-production-000' };

describe('database commands on a production database', () => {
  let dir: string | undefined;
  const freshFolder = () => {
    dir = mkdtempSync(join(tmpdir(), 'starter-seed-cli-'));
    return join(dir, 'pglite');
  };

  afterEach(() => {
    // A command still running (the test timed out) must not outlive the test nor write into a removed folder.
    for (const child of running) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it.each([
    ['seed.ts', 'db:seed', 'adds sample accounts (an admin among them) and sample repositories'],
    ['reset.ts', 'db:reset', 'deletes every row and adds sample accounts (an admin among them)'],
  ])(
    '%s refuses without --force, says why in one line, and opens nothing',
    async (script, command, effect) => {
      const pgliteDir = freshFolder();
      const run = await runCommand(script, [], { ...production, PGLITE_DIR: pgliteDir });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim()).toBe(
        `[db] refused: NODE_ENV=production marks this as a production database, and ${command} ${effect}. ` +
          `Run \`pnpm ${command} --force\` to do it anyway.`,
      );
      expect(existsSync(pgliteDir)).toBe(false);
    },
  );

  // Past the check the command opens the database: here a server that refuses connections, so the test
  // shows --force gets through without the cost of a seed (seeding itself: src/server/db/seed/*.test.ts).
  it('goes on to open the database with --force', async () => {
    const run = await runCommand('seed.ts', ['--force'], {
      ...production,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
    });
    expect(run.stdout).toContain('[db] postgres://postgres:***@127.0.0.1:1/nothing');
    expect(run.stderr).not.toContain('refused');
    expect(run.stderr).toContain('ECONNREFUSED');
    expect(run.code).toBe(1);
  });
});

describe('db:seed:bulk', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    for (const child of running) child.kill('SIGKILL');
    await database?.cleanup();
    database = undefined;
  });

  const bulk = (url: string, args: string[]) => runCommand('seed-bulk.ts', args, { DATABASE_URL: url });

  // Per bulk organization: its repositories and whether the seeded admin owns it.
  const organizations = async (db: TestDatabase['handle']['db']) =>
    queryRows<{ id: string; repositories: number; adminOwns: boolean }>(
      db,
      sql`select o.id, (select count(*)::int from repository r where r.organization_id = o.id) as "repositories",
          exists (select 1 from member m join "user" u on u.id = m.user_id
            where m.organization_id = o.id and m.role = 'owner' and u.email = ${appConfig.seed.adminEmail}) as "adminOwns"
        from organization o where o.id like 'bulk-org-%' order by substring(o.id from 10)::int`,
    );

  it('spreads the repositories over new organizations, a tenth in the first, owned by the seeded admin; a rerun adds after', async () => {
    database = await createTestDatabase();
    const { url } = database;
    if (!url) {
      // PGlite: bulk seeding is for a Postgres server only, and says so.
      const run = await bulk('', ['--repositories', '10']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('DATABASE_URL is not set: bulk seeding needs a Postgres server');
      return;
    }
    const { db } = database.handle;
    await seedDatabase(db);
    const first = await bulk(url, ['--repositories', '50', '--users', '3', '--organizations', '4']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('[bulk] added 4 organizations, 50 repositories and 3 users');
    expect(await organizations(db)).toEqual([
      { id: 'bulk-org-1', repositories: 5, adminOwns: true },
      { id: 'bulk-org-2', repositories: 15, adminOwns: false },
      { id: 'bulk-org-3', repositories: 15, adminOwns: false },
      { id: 'bulk-org-4', repositories: 15, adminOwns: false },
    ]);

    const again = await bulk(url, ['--repositories', '20', '--users', '0', '--organizations', '2']);
    expect(again.code, again.stderr).toBe(0);
    expect((await organizations(db)).slice(4)).toEqual([
      { id: 'bulk-org-5', repositories: 2, adminOwns: true },
      { id: 'bulk-org-6', repositories: 18, adminOwns: false },
    ]);
    const [counts] = await queryRows<{ repositories: number; users: number }>(
      db,
      sql`select (select count(*)::int from repository where name like 'repo-%') as repositories,
          (select count(*)::int from "user" where email like 'bulk-%@example.test') as users`,
    );
    expect(counts).toEqual({ repositories: 70, users: 3 });
    // Three commands, each a Node process that migrates first: slow on a busy machine.
  }, 180_000);

  it('refuses repositories without an organization to put them in', async () => {
    const run = await bulk('postgres://postgres@127.0.0.1:1/nothing', [
      '--repositories',
      '5',
      '--organizations',
      '0',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--repositories needs --organizations of at least 1');
  }, 60_000);
});
