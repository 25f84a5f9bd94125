import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { createRepository } from '@/features/repository/mutations.server';
import { zRepositoryForm } from '@/features/repository/schema';
import { member, webhookDelivery, webhookEndpoint } from '@/server/db/schema/index';
import { createTestAuth, TEST_WEBHOOKS, type TestAuth } from '@/test/auth';
import { subjectOf } from '@/test/smtp-catcher';
import { listDeliveries } from './data.server';
import { createEndpoint, redeliver, rotateSecret, sendTestEvent } from './mutations.server';

// Outgoing webhooks on the suite's database and job queue, to a real HTTP receiver on loopback that checks
// every signature with the `standardwebhooks` library: an audited change is an event in its own
// transaction, a failing receiver gets the event again until it answers, once each, and an endpoint that
// keeps failing is turned off with a mail to the organization's owners.

type Received = { headers: IncomingHttpHeaders; body: string };

let t: TestAuth;
let receiver: Server;
let url: string;
let received: Received[] = [];
/** What the receiver answers next; 200 when the list is empty. */
let answers: number[] = [];
let owner: { id: string; email: string; cookie: string };
let organizationId: string;
const settings = { secretKey: TEST_WEBHOOKS.secretKey, production: false };

beforeAll(async () => {
  t = await createTestAuth();
  // Started before any change: on PGlite (one connection) the queue cannot start inside a change's transaction.
  await t.jobs();
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end(response.statusCode === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  owner = await t.signedIn('hooks-owner@example.test');
  const created = await t.request(
    'POST',
    '/organization/create',
    { name: 'Hooks', slug: 'hooks' },
    { cookie: owner.cookie },
  );
  expect(created.status, created.text).toBe(200);
  organizationId = String(created.body?.id);
});

beforeEach(async () => {
  received = [];
  answers = [];
  await t.db.delete(webhookEndpoint);
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t?.close();
});

const actor = () => ({ userId: owner.id, ip: null, language: 'en' });
const repository = (name: string) => zRepositoryForm.parse({ name, link: `${name}.example` });
const settled = async () => (await t.jobs()).drained('webhook', 20_000);
/** The webhook queue's retries, as if their delay had passed. */
const retryNow = () =>
  t.db.execute(sql`update pgboss.job set start_after = now() where name = 'webhook' and state = 'retry'`);

/** The payload of a delivery, after checking its signature as a receiver does. */
function verified(secret: string, delivery: Received) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(delivery.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(delivery.body, headers) as {
    type: string;
    data: Record<string, unknown>;
  };
}

describe('webhooks', () => {
  it('tells an endpoint of a committed change, signed, and nothing of a rolled-back one', async () => {
    const { secret } = await createEndpoint(
      organizationId,
      { url, events: ['repository.created'] },
      actor(),
      settings,
      t.db,
    );
    expect(secret).toMatch(/^whsec_/);
    const made = await createRepository(
      organizationId,
      repository('hooked'),
      { userId: owner.id, ip: null },
      t.db,
    );
    await expect(
      t.db.transaction(async (tx) => {
        await createRepository(organizationId, repository('rolled-back'), { userId: owner.id, ip: null }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settled();

    expect(received).toHaveLength(1);
    const event = verified(secret, received[0]!);
    expect(event.type).toBe('repository.created');
    expect(event.data).toMatchObject({ id: made.id, label: 'hooked' });
    expect(() =>
      new Webhook(secret).verify(`${received[0]!.body} `, received[0]!.headers as Record<string, string>),
    ).toThrow();
    const [delivery] = await listDeliveries((await t.db.select().from(webhookEndpoint))[0]!.id, t.db);
    expect(delivery).toMatchObject({
      eventType: 'repository.created',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    expect(delivery?.id).toBe(received[0]!.headers['webhook-id']);
  });

  it('retries a failing receiver until it answers, with the same id, and counts the failures', async () => {
    const { endpoint, secret } = await createEndpoint(
      organizationId,
      { url, events: ['repository.created'] },
      actor(),
      settings,
      t.db,
    );
    answers = [500, 503];
    await createRepository(organizationId, repository('retried'), { userId: owner.id, ip: null }, t.db);
    await settled();
    const [row] = await t.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(row?.consecutiveFailures).toBe(1);
    await retryNow();
    await settled();
    await retryNow();
    await settled();

    expect(received.map((delivery) => delivery.headers['webhook-id'])).toEqual(
      Array(3).fill(received[0]!.headers['webhook-id']),
    );
    expect(received.map((delivery) => verified(secret, delivery).type)).toEqual(
      Array(3).fill('repository.created'),
    );
    const [delivery] = await listDeliveries(endpoint.id, t.db);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200 });
    const [after] = await t.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(after?.consecutiveFailures).toBe(0);
  });

  it("tells of a member removed through better-auth's route, from its audit entry", async () => {
    const { secret } = await createEndpoint(
      organizationId,
      { url, events: ['member.removed'] },
      actor(),
      settings,
      t.db,
    );
    const leaving = await t.signedIn('hooks-leaving@example.test');
    await t.db
      .insert(member)
      .values({ id: 'hooks-leaving-member', organizationId, userId: leaving.id, role: 'member' });
    const removed = await t.request(
      'POST',
      '/organization/remove-member',
      { organizationId, memberIdOrEmail: 'hooks-leaving-member' },
      { cookie: owner.cookie },
    );
    expect(removed.status, removed.text).toBe(200);
    await settled();
    expect(received).toHaveLength(1);
    expect(verified(secret, received[0]!)).toMatchObject({
      type: 'member.removed',
      data: { id: leaving.id, label: expect.any(String) },
    });
  });

  it('sends a test event and redelivers one, signed with a rotated secret', async () => {
    const { endpoint, secret: first } = await createEndpoint(
      organizationId,
      { url, events: ['repository.deleted'] },
      actor(),
      settings,
      t.db,
    );
    await sendTestEvent(organizationId, endpoint.id, t.db);
    await settled();
    expect(verified(first, received[0]!).type).toBe('webhook.test');

    const { secret: second } = await rotateSecret(organizationId, endpoint.id, actor(), settings, t.db);
    const [delivery] = await listDeliveries(endpoint.id, t.db);
    await redeliver(organizationId, endpoint.id, delivery!.id, t.db);
    await settled();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(delivery!.id);
    expect(verified(second, received[1]!).type).toBe('webhook.test');
    expect(() => verified(first, received[1]!)).toThrow();
    await expect(redeliver('another-organization', endpoint.id, delivery!.id, t.db)).rejects.toThrow(
      'NOT_FOUND',
    );
  });

  it('turns an endpoint off after too many failures in a row and tells the owners', async () => {
    const { endpoint } = await createEndpoint(
      organizationId,
      { url, events: ['repository.created'] },
      actor(),
      settings,
      t.db,
    );
    await t.db
      .update(webhookEndpoint)
      .set({ consecutiveFailures: appConfig.webhooks.disableAfterFailures - 1 })
      .where(eq(webhookEndpoint.id, endpoint.id));
    answers = [500];
    await createRepository(organizationId, repository('last-straw'), { userId: owner.id, ip: null }, t.db);
    await settled();
    const [row] = await t.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failures' });
    await t.mailsSettled();
    const mails = t.mailsTo(owner.email);
    expect(mails.map(subjectOf)).toContain('A webhook of Hooks was turned off');

    // Off: the retry is not sent, and a new change makes no delivery.
    await retryNow();
    await settled();
    await createRepository(organizationId, repository('not-told'), { userId: owner.id, ip: null }, t.db);
    expect(received).toHaveLength(1);
    const deliveries = await t.db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpoint.id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed']);
  });
});
