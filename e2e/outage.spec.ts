// A database outage seen by a user and by API callers, on a production instance whose Postgres
// connection runs through a proxy the test switches off and on: pages say the service is unavailable and
// keep retrying, APIs answer 503 at once, the process stays up, and everything comes back on its own.
import { expect, test } from '@playwright/test';
import { codeFromMail, type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import {
  clientAddress,
  createThrowawayDatabase,
  type Instance,
  startInstance,
  type ThrowawayDatabase,
  waitForReady,
} from './support/instances.ts';
import { waitForHydration } from './fixtures.ts';
import { callServerFn } from './support/server-fn.ts';
import { en } from './support/text.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const LIST_REPOSITORIES = 'src/features/repository/functions.ts#$listRepositories';

test.describe('database outage', () => {
  test.skip(!serverUrl, 'needs a Postgres server: set TEST_DATABASE_URL');
  test.describe.configure({ timeout: 120_000 });

  let database: ThrowawayDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let smtp: SmtpCatcher | undefined;
  let instance: Instance | undefined;
  let log = '';

  test.beforeAll(async () => {
    const server = new URL(serverUrl ?? '');
    database = await createThrowawayDatabase(serverUrl ?? '');
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    smtp = await startSmtpCatcher();
    instance = await startInstance({ DATABASE_URL: throughProxy.toString(), EMAIL_SERVER: smtp.url });
    instance.process.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await proxy?.close();
    await smtp?.close();
    await database?.drop();
  });

  test('pages say so and retry, APIs answer 503, and all recovers without a restart', async ({ page }) => {
    const origin = instance?.origin ?? '';
    const email = `outage-${Date.now()}@e2e.test`;
    const headers = { origin, 'x-forwarded-for': clientAddress() };
    const since = Date.now();
    const sent = await page.request.post(`${origin}/api/auth/email-otp/send-verification-otp`, {
      headers,
      data: { email, type: 'sign-in' },
    });
    expect(sent.status()).toBe(200);
    const mail = await smtp?.waitFor(email, { since });
    const code = mail ? codeFromMail(mail) : '';
    const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email-otp`, {
      headers,
      data: { email, otp: code },
    });
    expect(signedIn.status()).toBe(200);
    const sessionToken = /better-auth\.session_token=([^;.]+)/.exec(
      signedIn.headers()['set-cookie'] ?? '',
    )?.[1];
    expect(sessionToken).toBeTruthy();

    await page.goto(`${origin}/app`);
    // Typing before the form has hydrated would be lost, and leaving before the name is saved would
    // leave the user on onboarding.
    await waitForHydration(page);
    await page.getByRole('textbox', { name: en('auth:onboarding.name.label') }).fill('Otto Outage');
    await page.getByRole('button', { name: en('auth:onboarding.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en('auth:onboarding.title'));
    await page.goto(`${origin}/app/repositories`);
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();

    await proxy?.down();

    const started = Date.now();
    const list = await callServerFn(page.request, origin, { fn: LIST_REPOSITORIES, method: 'GET', data: {} });
    expect(list.response.status()).toBe(503);
    expect(list.errorMessage).toBe('SERVICE_UNAVAILABLE');
    const session = await page.request.get(`${origin}/api/auth/get-session`);
    expect(session.status()).toBe(503);
    expect(await session.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await page.request.get(`${origin}/api/ready`)).status()).toBe(503);
    expect((await page.request.get(`${origin}/api/health`)).status(), 'the process stays up').toBe(200);
    expect(Date.now() - started, 'an outage is answered at once, not after a hang').toBeLessThan(10_000);

    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: en('errorCodes.SERVICE_UNAVAILABLE') });
    await expect(notice).toBeVisible();

    await proxy?.up();
    // No reload: the page's own retries bring the list back once the database answers again.
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible({
      timeout: 20_000,
    });
    await expect(notice).toHaveCount(0);
    expect((await page.request.get(`${origin}/api/ready`)).status()).toBe(200);
    const again = await callServerFn(page.request, origin, {
      fn: LIST_REPOSITORIES,
      method: 'GET',
      data: {},
    });
    expect(again.response.status()).toBe(200);
    expect(instance?.process.exitCode, 'never restarted').toBeNull();

    // The request log: one line per request, 503s included, and no code or session token anywhere.
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.status === 503 && line.path === '/api/auth/get-session')).toBe(true);
    expect(lines.some((line) => line.status === 200 && typeof line.userId === 'string')).toBe(true);
    expect(log).not.toContain(code);
    expect(log).not.toContain(sessionToken);
  });
});
