// Two instances of the app draining one queue on Postgres (each with pg-boss's own pool): every job runs
// once, on one of them.
import { TEST_WEBHOOKS } from '@/test/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { createSmtpMailer } from '@/server/email/mailer';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { startSmtpCatcher, type SmtpCatcher } from '@/test/smtp-catcher';
import { createJobRunner } from './runner';

let testDb: TestDatabase;
let catcher: SmtpCatcher;

beforeAll(async () => {
  testDb = await createTestDatabase();
  catcher = await startSmtpCatcher();
});

afterAll(async () => {
  await catcher.close();
  await testDb.cleanup();
});

it('runs each job once when two instances work one queue', async () => {
  if (!testDb.url) throw new Error('this file runs on Postgres only');
  const second = await openDatabase({ url: testDb.url });
  const mailer = createSmtpMailer(catcher.url, 'Jobs <jobs@example.test>');
  const sent: string[][] = [[], []];
  const runners = [testDb.handle, second].map((handle, index) =>
    createJobRunner(
      handle,
      {
        mailer: {
          send: async (mail) => {
            sent[index]?.push(mail.to);
            // Slow enough that the other instance polls while this one works.
            await new Promise((resolve) => setTimeout(resolve, 50));
            await mailer.send(mail);
          },
          reachable: () => mailer.reachable(),
        },
        pruneRateLimits: async () => 0,
        auditRetentionDays: 365,
        webhooks: TEST_WEBHOOKS,
      },
      { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    ),
  );
  try {
    for (const runner of runners) await runner.start();
    const addresses = Array.from({ length: 40 }, (_, index) => `drained-${index}@example.test`);
    // Half enqueued through each instance's own database connection.
    await Promise.all(
      addresses.map((to, index) =>
        runners[index % 2]!.enqueue([testDb.handle, second][index % 2]!.db, 'mail', {
          kind: 'invitation',
          to,
          subject: 'Drained',
          text: 'Hello',
          html: '<p>Hello</p>',
        }),
      ),
    );
    const until = Date.now() + 20_000;
    while (catcher.messages.length < addresses.length && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await runners[0]!.drained('mail');
    const delivered = catcher.messages.flatMap((mail) => mail.to).sort();
    expect(delivered).toEqual([...addresses].sort());
    expect([...sent[0]!, ...sent[1]!].sort()).toEqual([...addresses].sort());
    // Both took part: the queue is shared, not worked by whichever started first alone.
    expect(sent[0]!.length).toBeGreaterThan(0);
    expect(sent[1]!.length).toBeGreaterThan(0);
  } finally {
    for (const runner of runners) await runner.stop(2_000);
    await second.close();
  }
});
