// The jobs page's data on the suite's database (PGlite, and Postgres in the postgres project), with the
// product's real queue runner: a mail to an SMTP server that is down fails, is listed with its error and
// attempts, and Retry sends it out once the server is back; Delete removes one; both are audited, and a job
// that is no longer failed is left alone. The counts and the schedules are read as pg-boss keeps them.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog, user } from '@/server/db/schema/index';
import { createSmtpMailer, type Mail, type Mailer } from '@/server/email/mailer';
import { createJobRunner, type JobRunner } from '@/server/jobs/runner';
import { TEST_WEBHOOKS, unreachableSmtpUrl } from '@/test/auth';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { startSmtpCatcher, type SmtpCatcher } from '@/test/smtp-catcher';
import {
  countJobsByQueue,
  deleteFailedJob,
  getJobsOverview,
  listFailedJobs,
  listSchedules,
  retryFailedJob,
} from './data.server';

let testDb: TestDatabase;
let db: Database;
let catcher: SmtpCatcher;
let runner: JobRunner;
/** What the runner sends through: SMTP that refuses connections until a test brings it up. */
let current: Mailer;

const admin = { userId: 'jobs-admin', ip: '10.4.5.6' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  catcher = await startSmtpCatcher();
  current = createSmtpMailer(await unreachableSmtpUrl(), 'Jobs <jobs@example.test>');
  runner = createJobRunner(
    testDb.handle,
    {
      mailer: { send: (mail) => current.send(mail), reachable: () => current.reachable() },
      pruneRateLimits: async () => 0,
      auditRetentionDays: 365,
      webhooks: TEST_WEBHOOKS,
    },
    { pollingIntervalSeconds: 0.5 },
  );
  await runner.start();
  await db
    .insert(user)
    .values({ id: admin.userId, name: 'Ada Admin', email: 'ada@example.com', emailVerified: true });
});

afterAll(async () => {
  await runner?.stop(1_000);
  await catcher?.close();
  await testDb?.cleanup();
});

beforeEach(async () => {
  current = createSmtpMailer(await unreachableSmtpUrl(), 'Jobs <jobs@example.test>');
  await db.execute(sql`delete from pgboss.job where name = 'mail'`);
  await db.delete(auditLog);
});

let mails = 0;
function invitation(): Mail & { kind: 'invitation' } {
  mails += 1;
  const to = `failing-${mails}-${Date.now()}@example.test`;
  return { kind: 'invitation', to, subject: 'Join us', text: 'Hello', html: '<p>Hello</p>' };
}

/** A mail with no retries left that fails while SMTP is down: a failed job, as after a day's retries. */
async function failedMail(mail = invitation()): Promise<string> {
  const id = await runner.boss.send('mail', mail, { retryLimit: 0 });
  if (!id) throw new Error('not enqueued');
  await runner.drained('mail', 20_000);
  return id;
}

async function stateOf(id: string): Promise<string | undefined> {
  const rows = await db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}::uuid`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { state: string }[] }).rows;
  return list[0]?.state;
}

const auditOf = (action: string) =>
  db
    .select({
      actor: auditLog.actorUserId,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(eq(auditLog.action, action));

describe('the failed jobs', () => {
  it('are listed newest first with their error message (never a stack), attempts and mail', async () => {
    const first = invitation();
    const older = await failedMail(first);
    const newer = await failedMail();
    const page = await listFailedJobs(db, { limit: 20 });
    expect(page.items.map((job) => job.id)).toEqual([newer, older]);
    expect(page.total).toBe(2);
    const [, listed] = page.items;
    expect(listed).toMatchObject({
      id: older,
      queue: 'mail',
      attempts: 1,
      error: 'The e-mail could not be sent',
      mail: { kind: 'invitation', to: first.to },
    });
    // What refused it, in a line: the connection, not the code that made it.
    expect(listed?.cause).toMatch(/ECONNREFUSED/);
    expect(`${listed?.error}${listed?.cause}`).not.toMatch(/\n|\s+at\s/);
    expect(Date.parse(listed?.createdAt ?? '')).toBeLessThanOrEqual(Date.now());
    // Never the mail's text.
    expect(JSON.stringify(page)).not.toContain('<p>Hello</p>');

    const counts = await countJobsByQueue(db);
    expect(counts.map((row) => row.queue)).toEqual([
      'mail',
      'webhook',
      'billing-seats',
      'audit-retention',
      'rate-limit-pruning',
      'expired-rows',
    ]);
    expect(counts[0]).toEqual({ queue: 'mail', waiting: 0, running: 0, failed: 2, completed: 0 });
  });

  it('come a page at a time', async () => {
    const ids = [await failedMail(), await failedMail(), await failedMail()];
    const first = await listFailedJobs(db, { limit: 2 });
    expect(first.items.map((job) => job.id)).toEqual([ids[2], ids[1]]);
    expect(first.total).toBe(3);
    const second = await listFailedJobs(db, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((job) => job.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
  });

  it('go back to their queue on Retry, audited, and out once SMTP is back', { timeout: 60_000 }, async () => {
    const mail = invitation();
    const id = await failedMail(mail);
    current = createSmtpMailer(catcher.url, 'Jobs <jobs@example.test>');
    expect(await retryFailedJob(runner.boss, db, { queue: 'mail', id }, admin)).toBe(true);
    expect((await listFailedJobs(db, { limit: 20 })).items).toEqual([]);
    // The worker looks again within its polling (pg-boss backs off a worker whose last job failed).
    await catcher.waitFor(mail.to, { timeoutMs: 30_000 });
    await runner.drained('mail');
    expect(await stateOf(id)).toBe('completed');
    expect(catcher.messages.filter((caught) => caught.to.includes(mail.to))).toHaveLength(1);
    expect(await auditOf('jobs.retry')).toEqual([
      { actor: admin.userId, targetType: 'jobs', targetId: id, ip: admin.ip },
    ]);
    expect((await countJobsByQueue(db))[0]).toMatchObject({ failed: 0, completed: 1 });

    // No longer failed: a second Retry (another admin's, a moment late) changes nothing and writes nothing.
    expect(await retryFailedJob(runner.boss, db, { queue: 'mail', id }, admin)).toBe(false);
    expect(await auditOf('jobs.retry')).toHaveLength(1);
  });

  it('are removed for good on Delete, audited', async () => {
    const kept = await failedMail();
    const id = await failedMail();
    expect(await deleteFailedJob(runner.boss, db, { queue: 'mail', id }, admin)).toBe(true);
    expect(await stateOf(id)).toBeUndefined();
    expect((await listFailedJobs(db, { limit: 20 })).items.map((job) => job.id)).toEqual([kept]);
    expect(await auditOf('jobs.delete')).toEqual([
      { actor: admin.userId, targetType: 'jobs', targetId: id, ip: admin.ip },
    ]);
    expect(await deleteFailedJob(runner.boss, db, { queue: 'mail', id }, admin)).toBe(false);
  });

  it('are the only ones Retry and Delete touch', async () => {
    const failed = await failedMail();
    // Waiting to run later: not failed, so neither button applies to it.
    const waiting = await runner.boss.send('mail', invitation(), { startAfter: 3600 });
    if (!waiting) throw new Error('not enqueued');
    for (const change of [retryFailedJob, deleteFailedJob]) {
      expect(await change(runner.boss, db, { queue: 'mail', id: waiting }, admin)).toBe(false);
      // The same id under another queue, or a queue the product does not have.
      expect(await change(runner.boss, db, { queue: 'expired-rows', id: failed }, admin)).toBe(false);
      expect(await change(runner.boss, db, { queue: 'no-such-queue', id: failed }, admin)).toBe(false);
    }
    expect(await stateOf(waiting)).toBe('created');
    expect(await stateOf(failed)).toBe('failed');
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'jobs'))),
    ).toEqual([]);
    expect((await countJobsByQueue(db))[0]).toMatchObject({ waiting: 1, failed: 1 });
  });
});

describe('the schedules', () => {
  it('are the declared ones with their next run, and the last job each sent while it is kept', async () => {
    const now = new Date('2026-12-02T08:30:20Z');
    const before = await listSchedules(runner.boss, db, now);
    expect(before.map(({ queue, cron }) => ({ queue, cron }))).toEqual([
      { queue: 'audit-retention', cron: '17 3 * * *' },
      { queue: 'rate-limit-pruning', cron: '* * * * *' },
      { queue: 'expired-rows', cron: '*/10 * * * *' },
    ]);
    expect(before.map((schedule) => schedule.nextRunAt)).toEqual([
      '2026-12-03T03:17:00.000Z',
      '2026-12-02T08:31:00.000Z',
      '2026-12-02T08:40:00.000Z',
    ]);

    // As the timekeeper records the job it sent for a schedule.
    const sent = await runner.boss.send('expired-rows', null, { startAfter: 3600 });
    await db.execute(sql`update pgboss.schedule set last_job_id = ${sent}::uuid where name = 'expired-rows'`);
    const after = await getJobsOverview(runner.boss, db);
    const expired = after.schedules.find((schedule) => schedule.queue === 'expired-rows');
    expect(expired?.lastRun).toMatchObject({ state: 'created' });
    expect(Date.now() - Date.parse(expired?.lastRun?.at ?? '')).toBeLessThan(60_000);
    expect(after.queues.find((row) => row.queue === 'expired-rows')?.waiting).toBeGreaterThanOrEqual(1);
  });
});
