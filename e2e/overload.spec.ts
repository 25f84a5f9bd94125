// A table locked for a while (an ALTER TABLE waiting, a long transaction) on a production instance on
// Postgres: more requests than the pool holds come in at once. Each gets its answer within the bounds
// (DATABASE_POOL_TIMEOUT_MS for a connection, DATABASE_LOCK_TIMEOUT_MS for the lock): a clean 503, and
// pages show the translated retry notice; once the lock goes, everything serves again without a restart.
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

const serverUrl = process.env.TEST_DATABASE_URL;
const LIST_REPOSITORIES = 'src/features/repository/functions.ts#$listRepositories';
/**
 * The defaults (src/server/env.ts): 10 connections, 3 s for a connection, 2 s for a lock; a call waits
 * for a connection, then at most for the statement ahead of it on that connection and its own.
 */
const POOL = 10;
const BOUND_MS = 3_000 + 2 * 2_000;

test.describe('a locked table under load', () => {
  test.skip(!serverUrl, 'needs a Postgres server: set TEST_DATABASE_URL');
  test.describe.configure({ timeout: 120_000 });

  let database: ThrowawayDatabase | undefined;
  let smtp: SmtpCatcher | undefined;
  let instance: Instance | undefined;

  test.beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl ?? '');
    smtp = await startSmtpCatcher();
    instance = await startInstance({ DATABASE_URL: database.url, EMAIL_SERVER: smtp.url });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await smtp?.close();
    await database?.drop();
  });

  test('more requests than connections each get a 503 within the bounds, and all recovers', async ({
    page,
  }) => {
    const origin = instance?.origin ?? '';
    const email = `overload-${Date.now()}@e2e.test`;
    const headers = { origin, 'x-forwarded-for': clientAddress() };
    const since = Date.now();
    const sent = await page.request.post(`${origin}/api/auth/email-otp/send-verification-otp`, {
      headers,
      data: { email, type: 'sign-in' },
    });
    expect(sent.status()).toBe(200);
    const mail = await smtp?.waitFor(email, { since });
    const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email-otp`, {
      headers,
      data: { email, otp: mail ? codeFromMail(mail) : '' },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto(`${origin}/app`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: en('auth:onboarding.name.label') }).fill('Olga Overload');
    await page.getByRole('button', { name: en('auth:onboarding.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en('auth:onboarding.title'));
    await page.goto(`${origin}/app/repositories`);
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();

    // Every signed-in request reads the session table; an ALTER TABLE holds this lock while it runs.
    const holder = await database?.sql.reserve();
    await holder?.unsafe('begin');
    await holder?.unsafe('lock table "session" in access exclusive mode');
    try {
      const started = Date.now();
      const calls = await Promise.all(
        Array.from({ length: 4 * POOL }, async () => {
          const call = await callServerFn(page.request, origin, {
            fn: LIST_REPOSITORIES,
            method: 'GET',
            data: {},
            headers: { 'x-forwarded-for': clientAddress() },
          });
          return { status: call.response.status(), code: call.errorMessage, ms: Date.now() - started };
        }),
      );
      expect(calls.filter((c) => c.status !== 503 || c.code !== 'SERVICE_UNAVAILABLE')).toEqual([]);
      const slowest = Math.max(...calls.map((c) => c.ms));
      expect(slowest, 'each waits at most for a connection, then for the lock').toBeLessThan(
        BOUND_MS + 1_500,
      );
      expect((await page.request.get(`${origin}/api/health`)).status(), 'the process stays up').toBe(200);

      await page.reload();
      await expect(
        page.getByRole('status').filter({ hasText: en('errorCodes.SERVICE_UNAVAILABLE') }),
      ).toBeVisible();
    } finally {
      await holder?.unsafe('rollback');
      holder?.release();
    }

    // No reload: the page's own retries bring the list back once the lock is gone.
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible({
      timeout: 20_000,
    });
    const again = await Promise.all(
      Array.from({ length: 4 * POOL }, () =>
        callServerFn(page.request, origin, { fn: LIST_REPOSITORIES, method: 'GET', data: {} }),
      ),
    );
    expect(again.map((call) => call.response.status())).toEqual(again.map(() => 200));
    expect(instance?.process.exitCode, 'never restarted').toBeNull();
  });
});
