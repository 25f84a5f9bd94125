import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invitation } from '@/server/db/schema/index';
import { createSmtpMailer, type Mailer } from '@/server/email/mailer';
import { createTestAuth, type TestAuth, unreachableSmtpUrl } from '@/test/auth';
import { subjectOf } from '@/test/smtp-catcher';

// An invitation made while the SMTP server is down: the invitation is created at once, its mail waits on
// the job queue and goes out, once, when the server is back.
let t: TestAuth;
let mailer: Mailer;
const switchable: Mailer = { send: (mail) => mailer.send(mail), reachable: () => mailer.reachable() };

beforeAll(async () => {
  mailer = createSmtpMailer(await unreachableSmtpUrl(), 'Test <t@example.test>');
  t = await createTestAuth({ jobMailer: switchable });
});

afterAll(async () => {
  await t?.close();
});

it('is created during an SMTP outage and its mail arrives once the server is back', async () => {
  const owner = await t.signedIn('outage-owner@example.test');
  const created = await t.request(
    'POST',
    '/organization/create',
    { name: 'Outage', slug: 'outage' },
    { cookie: owner.cookie },
  );
  expect(created.status, created.text).toBe(200);
  const invited = await t.request(
    'POST',
    '/organization/invite-member',
    { email: 'outage-guest@example.test', role: 'member', organizationId: String(created.body?.id) },
    { cookie: owner.cookie },
  );
  expect(invited.status, invited.text).toBe(200);
  const [row] = await t.db.select().from(invitation).where(eq(invitation.email, 'outage-guest@example.test'));
  expect(row?.status).toBe('pending');

  await t.mailsSettled();
  expect(t.mailsTo('outage-guest@example.test')).toHaveLength(0);

  mailer = createSmtpMailer(t.catcher.url, 'Test <t@example.test>');
  // As if the retry delay had passed.
  await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`);
  await t.mailsSettled();
  const mails = t.mailsTo('outage-guest@example.test');
  expect(mails).toHaveLength(1);
  expect(subjectOf(mails[0]!)).toContain('invited you to Outage');
});
