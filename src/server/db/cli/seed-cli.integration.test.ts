// The database commands as an operator runs them (`node src/server/db/cli/<command>.ts`, what `pnpm db:*`
// runs), on a PGlite folder of their own: on a production database they need --force.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

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
