// The manager's jobs page on a production instance of its own (Postgres, so the test can read and move the
// queue's rows), mailing through a loopback proxy in front of the suite's SMTP catcher that the test
// switches off: an invitation sent while SMTP is down fails for real, is listed as failed with its error,
// and Retry (confirmed) sends it once SMTP is back, audited. A plain user gets the 403 page and the
// functions' refusal.
import { expect, test } from '@playwright/test';
import { expectAccessible, waitForHydration } from './fixtures';
import {
  clientAddress,
  createThrowawayDatabase,
  type Instance,
  startInstance,
  type ThrowawayDatabase,
  waitForReady,
} from './support/instances';
import { waitForMail } from './support/mail';
import { callServerFn } from './support/server-fn';
import { newEmail, signIn } from './support/session';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { en } from './support/text';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The queue's row of one mail, as the instance's pg-boss keeps it. */
type MailJob = { id: string; state: string; retry_count: number };

test.describe('the jobs page', () => {
  test.skip(!serverUrl, 'needs a Postgres server: set TEST_DATABASE_URL');
  test.describe.configure({ timeout: 120_000 });

  let database: ThrowawayDatabase | undefined;
  let smtp: TcpProxy | undefined;
  let instance: Instance | undefined;
  const origin = () => instance?.origin ?? '';

  test.beforeAll(async () => {
    const catcher = new URL(process.env.EMAIL_SERVER ?? 'smtp://127.0.0.1:0');
    smtp = await startTcpProxy({ host: catcher.hostname, port: Number(catcher.port) });
    database = await createThrowawayDatabase(serverUrl ?? '');
    instance = await startInstance({
      DATABASE_URL: database.url,
      EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}`,
    });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await smtp?.close();
    await database?.drop();
  });

  /** The mail queue's job for `to`, once `ready` takes it (polled: the instance works the queue itself). */
  async function mailJob(to: string, ready: (job: MailJob) => boolean): Promise<MailJob> {
    let last: MailJob | undefined;
    await expect
      .poll(
        async () => {
          [last] = await database!.sql<MailJob[]>`
            select id, state::text as state, retry_count from pgboss.job
            where name = 'mail' and data->>'to' = ${to}`;
          return last ? ready(last) : false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return last!;
  }

  test('a mail that failed is listed with its error, and Retry sends it', async ({ page }) => {
    const adminEmail = newEmail('jobs-admin');
    await signIn(page, adminEmail, { origin: origin(), name: 'Jo Jobs' });
    await database!.sql`update "user" set role = 'admin' where email = ${adminEmail}`;

    // SMTP goes down; the invitation is queued all the same (nobody waits for it) and its send fails.
    const invitee = newEmail('jobs-invitee');
    await smtp!.down();
    const invited = await page.request.post(`${origin()}/api/auth/organization/invite-member`, {
      headers: { origin: origin(), 'x-forwarded-for': clientAddress() },
      data: { email: invitee, role: 'member' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const first = await mailJob(invitee, (job) => job.state === 'retry');
    // Its retries spent (a day of them in production): the next try is its last.
    await database!.sql`
      update pgboss.job set retry_limit = retry_count + 1, start_after = now() where id = ${first.id}`;
    await mailJob(invitee, (job) => job.state === 'failed');

    await page.goto(`${origin()}/manager/jobs`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: en('jobs:title') })).toBeVisible();
    const queues = page.getByRole('table', { name: en('jobs:queues.label') });
    const mailQueue = queues.getByRole('row').filter({ hasText: en('jobs:queues.names.mail') });
    await expect(mailQueue.getByRole('cell').nth(3)).toHaveText('1');
    const failed = page.getByRole('table', { name: en('jobs:failed.label') });
    const row = failed.getByRole('row').filter({ hasText: invitee });
    await expect(row).toContainText('The e-mail could not be sent');
    await expect(row).toContainText(en('jobs:mailKinds.invitation'));
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    await expectAccessible(page);

    await smtp!.up();
    const since = Date.now();
    await row.getByRole('button', { name: en('jobs:failed.retry.action') }).click();
    const dialog = page.getByRole('dialog', { name: en('jobs:failed.retry.title') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: en('jobs:failed.retry.confirm'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(en('jobs:failed.retry.done'))).toBeVisible();
    // The list says it (its status line repeats it for screen readers).
    await expect(page.locator('p:not([role="status"])', { hasText: en('jobs:failed.empty') })).toBeVisible();

    await waitForMail(invitee, since, 30_000);
    await mailJob(invitee, (job) => job.state === 'completed');
    const audited = await database!.sql<{ target_id: string; actor: string }[]>`
      select a.target_id, u.email as actor from audit_log a join "user" u on u.id = a.actor_user_id
      where a.action = 'jobs.retry'`;
    expect(audited).toEqual([{ target_id: first.id, actor: adminEmail }]);
  });

  test('a plain user gets the 403 page and the refusal', async ({ page }) => {
    await signIn(page, newEmail('jobs-plain'), { origin: origin(), name: 'Pat Plain' });
    const response = await page.goto(`${origin()}/manager/jobs`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
    const { errorMessage } = await callServerFn(page.request, origin(), {
      fn: 'src/features/jobs/functions.ts#$listFailedJobs',
      method: 'GET',
      data: {},
    });
    expect(errorMessage).toBe('FORBIDDEN');
  });
});
