// How the production build reads its configuration and its client's address, on instances of its own:
// it refuses to start without a real secret whatever NODE_ENV says, a demo says so when it starts, and
// behind a trusted proxy a client-written X-Forwarded-For entry never becomes the address of a session
// or of an audit entry.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { expect, test } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { codeFromMail, type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import { type Instance, startInstance, waitForReady } from './support/instances.ts';
import { callServerFn } from './support/server-fn.ts';

/** The public secret `pnpm dev` falls back to (src/server/env.ts): never good enough for a build. */
const DEV_SECRET = 'development-only-secret-do-not-use-in-production-0123456789';

let instance: Instance | undefined;
let smtp: SmtpCatcher | undefined;
let folder: string | undefined;

test.afterEach(async () => {
  await instance?.stop(5_000);
  instance = undefined;
  await smtp?.close();
  smtp = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** Resolves once the instance has printed `text`, failing with its output if it exits first. */
async function waitForOutput(target: Instance, text: string): Promise<void> {
  await expect
    .poll(() => target.output().includes(text) || target.process.exitCode !== null, { timeout: 30_000 })
    .toBe(true);
  expect(target.output(), target.output()).toContain(text);
}

test.describe('start-up', () => {
  test('a production build refuses to start without a real secret, whatever NODE_ENV says', async () => {
    for (const env of [
      { NODE_ENV: 'development', BETTER_AUTH_SECRET: '' },
      { NODE_ENV: 'test', BETTER_AUTH_SECRET: '' },
      { NODE_ENV: 'development', BETTER_AUTH_SECRET: DEV_SECRET },
    ]) {
      instance = await startInstance({ ...env, PGLITE_DIR: 'memory://' });
      const exit = await instance.exited;
      expect(exit.code, instance.output()).toBe(1);
      expect(instance.output()).toMatch(
        /^ {2}- BETTER_AUTH_SECRET: (is required in production|is the public)/m,
      );
      expect(instance.output()).not.toMatch(/^\s+at /m);
    }
  });

  test('a demo server says so in a warning when it starts; another server does not', async () => {
    const warning = 'READ-ONLY DEMO (VITE_IS_DEMO=true)';
    instance = await startInstance({ VITE_IS_DEMO: 'true', PGLITE_DIR: 'memory://' });
    await waitForOutput(instance, warning);
    const line = instance
      .output()
      .split('\n')
      .find((candidate) => candidate.includes(warning));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 'warn' });
    await instance.stop(5_000);

    instance = await startInstance({ PGLITE_DIR: 'memory://' });
    await waitForReady(instance);
    expect(instance.output()).not.toContain(warning);
  });
});

/** `node src/server/db/cli/seed.ts` on `pgliteDir`, as `pnpm db:seed` runs it. */
function seed(pgliteDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/server/db/cli/seed.ts'], {
      cwd: process.cwd(),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', PGLITE_DIR: pgliteDir },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed failed: ${errors}`))));
  });
}

test('behind one trusted proxy, the client address is the entry the proxy added, never one the client wrote', async ({
  page,
}) => {
  test.setTimeout(180_000);
  folder = mkdtempSync(join(tmpdir(), 'starter-configuration-'));
  const pgliteDir = join(folder, 'pglite');
  await seed(pgliteDir);
  smtp = await startSmtpCatcher();
  instance = await startInstance({ PGLITE_DIR: pgliteDir, EMAIL_SERVER: smtp.url });
  await waitForReady(instance);
  const { origin } = instance;
  const { request } = page;

  // What a proxy forwards when the client itself sent "X-Forwarded-For: 203.0.113.66".
  const real = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const headers = { origin, 'x-forwarded-for': `203.0.113.66, ${real}` };
  const email = appConfig.seed.adminEmail;
  const since = Date.now();
  const sent = await request.post(`${origin}/api/auth/email-otp/send-verification-otp`, {
    headers,
    data: { email, type: 'sign-in' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = codeFromMail(await smtp.waitFor(email, { since }));
  const signedIn = await request.post(`${origin}/api/auth/sign-in/email-otp`, {
    headers,
    data: { email, otp },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  const session = await request.get(`${origin}/api/auth/get-session`, { headers });
  const body = (await session.json()) as { session: { ipAddress: string | null } };
  expect(body.session.ipAddress).toBe(real);

  // An audited change (and a protocol-relative link, which the server function stores as https).
  const name = `client-address-${Date.now().toString(36)}`;
  const created = await callServerFn(request, origin, {
    fn: 'src/features/repository/functions.ts#$createRepository',
    method: 'POST',
    data: { name, link: '//evil.example/x', description: null },
    headers,
  });
  expect(created.response.status(), created.errorMessage).toBe(200);
  expect(created.result).toMatchObject({ name, link: 'https://evil.example/x' });
  const { id } = created.result as { id: string };

  // The audit log is read where it is kept, once the server has let go of its folder.
  expect(await instance.stop()).toMatchObject({ code: 0 });
  instance = undefined;
  // With the extension the app's folder was created with, or PGlite refuses to open it.
  const database = new PGlite(pgliteDir, { extensions: { pg_trgm, btree_gin } });
  try {
    const audit = await database.query<{ ip: string | null }>(
      `select ip from audit_log where action = 'repository.create' and target_id = $1`,
      [id],
    );
    expect(audit.rows).toEqual([{ ip: real }]);
    const stored = await database.query<{ link: string }>('select link from repository where name = $1', [
      name,
    ]);
    expect(stored.rows).toEqual([{ link: 'https://evil.example/x' }]);
  } finally {
    await database.close();
  }
});
