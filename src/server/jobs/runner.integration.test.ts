// The job queue on the suite's database (PGlite, and Postgres in the postgres project): mail enqueued
// through the app's database or a transaction goes out once, through an SMTP outage it waits and goes
// out after the server is back, and a shutdown waits for a running job or leaves it to be retried.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mail, type Mailer } from '@/server/email/mailer';
import { renderMetrics } from '@/server/metrics';
import { parsePrometheusText, sampleValue } from '@/test/prometheus-text';
import { TEST_WEBHOOKS, unreachableSmtpUrl } from '@/test/auth';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { startSmtpCatcher, type SmtpCatcher } from '@/test/smtp-catcher';
import { createJobRunner, type JobRunner } from './runner';

let testDb: TestDatabase;
let catcher: SmtpCatcher;
let up: Mailer;
const running: JobRunner[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  catcher = await startSmtpCatcher();
  up = createSmtpMailer(catcher.url, 'Jobs <jobs@example.test>');
});

afterEach(async () => {
  for (const runner of running.splice(0)) await runner.stop(1_000);
  // Each test starts from an empty queue: a job another test left waiting would be worked here.
  await testDb.handle.db.execute(sql`delete from pgboss.job where name = 'mail'`);
});

afterAll(async () => {
  await catcher.close();
  await testDb.cleanup();
});

let mails = 0;
/** A mail to an address of its own, so each test counts only its own. */
function mailTo(): Mail & { kind: 'invitation' } {
  mails += 1;
  const to = `queued-${mails}-${Date.now()}@example.test`;
  return { kind: 'invitation', to, subject: `Queued ${mails}`, text: 'Hello', html: '<p>Hello</p>' };
}

async function started(mailer: Mailer): Promise<JobRunner> {
  const runner = createJobRunner(
    testDb.handle,
    { mailer, pruneRateLimits: async () => 0, auditRetentionDays: 365, webhooks: TEST_WEBHOOKS },
    { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
  );
  running.push(runner);
  await runner.start();
  return runner;
}

const received = (to: string) => catcher.messages.filter((mail) => mail.to.includes(to)).length;

/** The mail queue's jobs waiting for a later try: as if their retry delay had passed. */
async function retryNow(): Promise<void> {
  await testDb.handle.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`,
  );
}

/** The rows of a raw statement, from either driver (postgres.js: a row list; PGlite: `{ rows }`). */
async function rowsOf<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await testDb.handle.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

type JobRow = { state: string; retry_count: number; output: unknown };

async function jobState(id: string | null): Promise<JobRow> {
  const [row] = await rowsOf<JobRow>(
    sql`select state, retry_count, output from pgboss.job where id = ${id}::uuid`,
  );
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

describe('the job queue', () => {
  it('sends a mail enqueued through the database, once', async () => {
    const runner = await started(up);
    const mail = mailTo();
    const id = await runner.enqueue(testDb.handle.db, 'mail', mail);
    await catcher.waitFor(mail.to, { timeoutMs: 10_000 });
    await runner.drained('mail');
    expect(received(mail.to)).toBe(1);
    expect((await jobState(id)).state).toBe('completed');
    expect(await runner.reachable()).toBe(true);
  });

  it('sends what a committed transaction enqueued and nothing of a rolled-back one', async () => {
    const runner = await started(up);
    const kept = mailTo();
    const dropped = mailTo();
    await testDb.handle.db.transaction(async (tx) => {
      await runner.enqueue(tx, 'mail', kept);
    });
    await expect(
      testDb.handle.db.transaction(async (tx) => {
        await runner.enqueue(tx, 'mail', dropped);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await catcher.waitFor(kept.to, { timeoutMs: 10_000 });
    await runner.drained('mail');
    expect(received(kept.to)).toBe(1);
    expect(received(dropped.to)).toBe(0);
    const rows = await rowsOf(
      sql`select 1 from pgboss.job where name = 'mail' and data->>'to' = ${dropped.to}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('keeps a mail through an SMTP outage and sends it once the server is back', async () => {
    const attempts = async (result: string) =>
      sampleValue(parsePrometheusText((await renderMetrics()).text), 'starter_job_attempts_total', {
        queue: 'mail',
        result,
      }) ?? 0;
    const [failedBefore, completedBefore] = [await attempts('failed'), await attempts('completed')];
    let current = createSmtpMailer(await unreachableSmtpUrl(), 'Jobs <jobs@example.test>');
    const switchable: Mailer = { send: (mail) => current.send(mail), reachable: () => current.reachable() };
    const runner = await started(switchable);
    const mail = mailTo();
    const id = await runner.enqueue(testDb.handle.db, 'mail', mail);
    await runner.drained('mail');
    const failed = await jobState(id);
    expect(failed.state).toBe('retry');
    expect(JSON.stringify(failed.output)).toContain('could not be sent');
    expect(received(mail.to)).toBe(0);

    current = up;
    await retryNow();
    await catcher.waitFor(mail.to, { timeoutMs: 10_000 });
    await runner.drained('mail');
    const sent = await jobState(id);
    expect(sent.state).toBe('completed');
    expect(sent.retry_count).toBe(1);
    expect(received(mail.to)).toBe(1);
    // The operator's view of the same two tries.
    expect(await attempts('failed')).toBe(failedBefore + 1);
    expect(await attempts('completed')).toBe(completedBefore + 1);
  });

  it('waits at shutdown for a mail being sent, within its budget', async () => {
    let sending: () => void = () => {};
    const started$ = new Promise<void>((resolve) => (sending = resolve));
    const slow: Mailer = {
      send: async (mail) => {
        sending();
        await new Promise((resolve) => setTimeout(resolve, 700));
        await up.send(mail);
      },
      reachable: () => up.reachable(),
    };
    const runner = await started(slow);
    const mail = mailTo();
    const id = await runner.enqueue(testDb.handle.db, 'mail', mail);
    await started$;
    await runner.stop(5_000);
    expect((await jobState(id)).state).toBe('completed');
    await catcher.waitFor(mail.to, { timeoutMs: 2_000 });
    expect(received(mail.to)).toBe(1);
  });

  it('leaves a job that outlives the shutdown budget to be retried by the next start', async () => {
    let sending: () => void = () => {};
    const started$ = new Promise<void>((resolve) => (sending = resolve));
    // As a process that is gone after its shutdown: this attempt never sends.
    const stuck: Mailer = {
      send: async () => {
        sending();
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        throw new Error('the process ended');
      },
      reachable: () => up.reachable(),
    };
    const first = await started(stuck);
    const mail = mailTo();
    const id = await first.enqueue(testDb.handle.db, 'mail', mail);
    await started$;
    await first.stop(200);
    expect((await jobState(id)).state).toBe('retry');

    const next = await started(up);
    await retryNow();
    await catcher.waitFor(mail.to, { timeoutMs: 10_000 });
    await next.drained('mail');
    expect((await jobState(id)).state).toBe('completed');
    expect(received(mail.to)).toBe(1);
  });
});
