import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { deleteOrganization } from '@/features/organization/platform.server';
import { createRepository } from '@/features/repository/mutations.server';
import { repositoryApi } from '@/features/repository/api.server';
import { zRepositoryForm } from '@/features/repository/schema';
import { auditLog, invitation, member, organizationBilling, repository } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { type FakeStripe, startFakeStripe } from '@/test/fake-stripe';
import { assertWritable } from './limits.server';
import { openBillingPortal, startCheckout } from './mutations.server';
import { billingOverview } from './overview.server';
import { provideStripeBilling, type StripeBilling, stripeBilling } from './stripe.server';
import { handleStripeWebhook, STRIPE_EVENTS } from './webhook.server';

// Billing against a fake Stripe on loopback, through the real `stripe` SDK: checkout, the events Stripe
// sends (signed with the SDK's own test header helper), seats following members, the plan's limits on
// every create path, an overdue payment's grace and read-only state, and billing off.

let t: TestAuth;
let fake: FakeStripe;
let billing: StripeBilling;
let ownerCount = 0;
const BASE = 'http://localhost:3000';
const free = appConfig.billing.plans[0].limits;

beforeAll(async () => {
  fake = await startFakeStripe();
  provideStripeBilling(fake.settings);
  billing = await stripeBilling();
  t = await createTestAuth();
  // Started before any change: on PGlite (one connection) the queue cannot start inside a change's transaction.
  await t.jobs();
});

afterAll(async () => {
  provideStripeBilling(undefined);
  await t?.close();
  await fake?.close();
});

/** A new organization with its own owner (each user may own only a few). */
async function newOrganization(slug: string) {
  ownerCount += 1;
  const owner = await t.signedIn(`billing-owner-${ownerCount}@example.test`);
  const created = await t.request(
    'POST',
    '/organization/create',
    { name: slug, slug },
    { cookie: owner.cookie },
  );
  expect(created.status, created.text).toBe(200);
  return { id: String(created.body?.id), owner };
}

const send = async (event: Parameters<FakeStripe['signed']>[0]) => {
  const { payload, signature } = await fake.signed(event);
  return handleStripeWebhook(payload, signature, billing, t.db);
};

/** The organization on Pro, monthly, through Checkout and its completion event. */
async function subscribed(slug: string) {
  const org = await newOrganization(slug);
  const answer = await startCheckout(
    org.id,
    { plan: 'pro', interval: 'month' },
    org.owner,
    billing,
    BASE,
    t.db,
  );
  if (answer.kind !== 'checkout') throw new Error('expected a checkout');
  const sessionId = answer.url.split('/').at(-1) ?? '';
  const { subscription, event } = fake.completeCheckout(sessionId);
  expect(await send(event)).toEqual({ status: 200, result: 'applied' });
  return { ...org, subscription, sessionId };
}

const billingChanges = async (organizationId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'billing.change')))
  )[0]?.n;

const repo = (name: string) => zRepositoryForm.parse({ name, link: `${name}.example` });

describe('subscribing', () => {
  it('opens Checkout for the plan with the member count, and applies the completed checkout', async () => {
    const org = await subscribed('billing-upgrade');
    const session = fake.checkoutSessions.get(org.sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: org.id,
      line_items: [{ price: 'price_pro_m', quantity: '1' }],
      subscription_data: { metadata: { organizationId: org.id } },
    });
    const overview = await billingOverview(org.id, 'stripe', t.db);
    expect(overview).toMatchObject({
      plan: 'pro',
      interval: 'month',
      status: 'active',
      seats: 1,
      readOnly: false,
    });
    expect(overview.usage).toEqual({ members: 1, repositories: 0 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'billing.change')));
    expect(entry?.metadata).toMatchObject({ plan: 'pro', previousPlan: 'free', status: 'active' });
    expect(entry?.actorUserId).toBeNull();
  });

  it('switches a live subscription to another plan at Stripe, prorated, without a second checkout', async () => {
    const org = await subscribed('billing-switch');
    const sessions = fake.checkoutSessions.size;
    const answer = await startCheckout(
      org.id,
      { plan: 'business', interval: 'year' },
      org.owner,
      billing,
      BASE,
      t.db,
    );
    expect(answer).toEqual({ kind: 'changed' });
    expect(fake.checkoutSessions.size).toBe(sessions);
    const update = fake.calls.findLast(
      (call) => call.path === `/v1/subscriptions/${org.subscription.id}` && call.method === 'POST',
    );
    expect(update?.body).toMatchObject({
      proration_behavior: 'create_prorations',
      items: [{ price: 'price_biz_y', quantity: '1' }],
    });
    // The plan itself changes with Stripe's event.
    expect(
      await send(fake.event('customer.subscription.updated', fake.subscriptions.get(org.subscription.id))),
    ).toEqual({
      status: 200,
      result: 'applied',
    });
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({
      plan: 'business',
      interval: 'year',
    });
  });

  it("opens Stripe's customer portal for the organization's customer", async () => {
    const org = await subscribed('billing-portal');
    const { url } = await openBillingPortal(org.id, billing, BASE, t.db);
    const [row] = await t.db
      .select()
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, org.id));
    expect(url).toBe(`https://billing.stripe.test/${row?.stripeCustomerId}`);
  });
});

describe("Stripe's events", () => {
  it('applies an event once: the same event again changes nothing', async () => {
    const org = await subscribed('billing-duplicate');
    const sub = fake.subscriptions.get(org.subscription.id);
    if (!sub) throw new Error('no subscription');
    sub.status = 'past_due';
    const event = fake.event('customer.subscription.updated', sub);
    expect(await send(event)).toEqual({ status: 200, result: 'applied' });
    const [before] = await t.db
      .select()
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, org.id));
    const entries = await billingChanges(org.id);
    expect(await send(event)).toEqual({ status: 200, result: 'duplicate' });
    const [after] = await t.db
      .select()
      .from(organizationBilling)
      .where(eq(organizationBilling.organizationId, org.id));
    expect(after).toEqual(before);
    expect(await billingChanges(org.id)).toBe(entries);
  });

  it('never lets an older event overwrite what a newer one brought', async () => {
    const org = await subscribed('billing-reordered');
    const sub = fake.subscriptions.get(org.subscription.id);
    if (!sub) throw new Error('no subscription');
    const at = Math.floor(Date.now() / 1000) + 60;
    const older = fake.event(
      'customer.subscription.updated',
      { ...sub, status: 'active', cancel_at_period_end: false },
      at,
    );
    const newer = fake.event(
      'customer.subscription.updated',
      { ...sub, status: 'active', cancel_at_period_end: true },
      at + 30,
    );
    expect(await send(newer)).toEqual({ status: 200, result: 'applied' });
    expect(await send(older)).toEqual({ status: 200, result: 'stale' });
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('refuses a forged or missing signature, changing nothing', async () => {
    const org = await subscribed('billing-forged');
    const sub = fake.subscriptions.get(org.subscription.id);
    const event = fake.event('customer.subscription.deleted', sub);
    const forged = await fake.signed(event, { secret: 'whsec_someone_else' });
    expect(await handleStripeWebhook(forged.payload, forged.signature, billing, t.db)).toEqual({
      status: 400,
      code: 'INVALID_SIGNATURE',
    });
    const genuine = await fake.signed(event);
    expect(await handleStripeWebhook(genuine.payload, null, billing, t.db)).toEqual({
      status: 400,
      code: 'INVALID_SIGNATURE',
    });
    // The body changed after signing: the signature no longer matches.
    const tampered = genuine.payload.replace('"active"', '"canceled"');
    expect(await handleStripeWebhook(tampered, genuine.signature, billing, t.db)).toEqual({
      status: 400,
      code: 'INVALID_SIGNATURE',
    });
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it("are the ones the README's Billing section tells to enable in Stripe's dashboard", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('\n## Billing\n')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^- `([a-z_.]+)`$/gm)].map((match) => match[1]);
    expect(listed).toEqual([...STRIPE_EVENTS]);
  });

  it('keeps the plan until the end of the period when cancelled, then returns to Free', async () => {
    const org = await subscribed('billing-cancel');
    const sub = fake.subscriptions.get(org.subscription.id);
    if (!sub) throw new Error('no subscription');
    sub.cancel_at_period_end = true;
    await send(fake.event('customer.subscription.updated', sub));
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({
      plan: 'pro',
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    sub.status = 'canceled';
    await send(fake.event('customer.subscription.deleted', sub, Math.floor(Date.now() / 1000) + 5));
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({
      plan: 'free',
      status: 'canceled',
      interval: null,
    });
  });
});

describe('an overdue payment', () => {
  it('leaves the organization working through the grace period, then read-only until paid', async () => {
    const org = await subscribed('billing-past-due');
    const sub = fake.subscriptions.get(org.subscription.id);
    if (!sub) throw new Error('no subscription');
    sub.status = 'past_due';
    await send(fake.event('customer.subscription.updated', sub));
    const overdue = await billingOverview(org.id, 'stripe', t.db);
    expect(overdue.readOnly).toBe(false);
    const grace = new Date(overdue.graceEndsAt ?? 0).getTime() - Date.now();
    expect(Math.round(grace / 86_400_000)).toBe(appConfig.billing.graceDays);
    await expect(assertWritable(org.id, t.db)).resolves.toBeUndefined();

    // The grace period has run out.
    await t.db
      .update(organizationBilling)
      .set({ pastDueSince: new Date(Date.now() - (appConfig.billing.graceDays + 1) * 86_400_000) })
      .where(eq(organizationBilling.organizationId, org.id));
    await expect(assertWritable(org.id, t.db)).rejects.toThrow('ORGANIZATION_READ_ONLY');
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({ readOnly: true, plan: 'pro' });
    const invited = await t.request(
      'POST',
      '/organization/invite-member',
      { email: 'late-payer-guest@example.test', role: 'member', organizationId: org.id },
      { cookie: org.owner.cookie },
    );
    expect(invited.status).toBe(403);
    expect(invited.body?.code).toBe('ORGANIZATION_READ_ONLY');

    // Paid: a later retry of the invoice succeeded.
    sub.status = 'active';
    await send(fake.event('customer.subscription.updated', sub, Math.floor(Date.now() / 1000) + 5));
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({
      readOnly: false,
      graceEndsAt: null,
      status: 'active',
    });
    await expect(assertWritable(org.id, t.db)).resolves.toBeUndefined();
  });
});

describe('seats', () => {
  it('follows the member count on a per-seat plan, prorated, through the job queue', async () => {
    const org = await subscribed('billing-seats');
    const guest = await t.signedIn('billing-seat-guest@example.test');
    const invited = await t.request(
      'POST',
      '/organization/invite-member',
      { email: guest.email, role: 'member', organizationId: org.id },
      { cookie: org.owner.cookie },
    );
    expect(invited.status, invited.text).toBe(200);
    const accepted = await t.request(
      'POST',
      '/organization/accept-invitation',
      { invitationId: String(invited.body?.id) },
      { cookie: guest.cookie },
    );
    expect(accepted.status, accepted.text).toBe(200);
    await (await t.jobs()).drained('billing-seats', 20_000);
    expect(fake.subscriptions.get(org.subscription.id)?.items.data[0]?.quantity).toBe(2);
    const update = fake.calls.findLast(
      (call) => call.path === `/v1/subscriptions/${org.subscription.id}` && call.method === 'POST',
    );
    expect(update?.body).toMatchObject({
      proration_behavior: 'create_prorations',
      items: [{ quantity: '2' }],
    });

    const left = await t.request(
      'POST',
      '/organization/leave',
      { organizationId: org.id },
      { cookie: guest.cookie },
    );
    expect(left.status, left.text).toBe(200);
    await (await t.jobs()).drained('billing-seats', 20_000);
    expect(fake.subscriptions.get(org.subscription.id)?.items.data[0]?.quantity).toBe(1);
  });
});

describe("the plan's limits", () => {
  it('refuses a repository past the plan, on the pages and the public API alike, creating nothing', async () => {
    const org = await newOrganization('billing-repo-limit');
    const actor = { userId: org.owner.id, ip: null };
    for (let i = 0; i < (free.repositories ?? 0); i += 1)
      await createRepository(org.id, repo(`repo-${i}`), actor, t.db);
    await expect(createRepository(org.id, repo('one-too-many'), actor, t.db)).rejects.toThrow(
      'PLAN_LIMIT_REACHED:repositories',
    );
    await expect(
      repositoryApi.create(org.id, repo('via-api') as never, { userId: null, ip: null }, t.db),
    ).rejects.toThrow('PLAN_LIMIT_REACHED:repositories');
    const [held] = await t.db
      .select({ n: count() })
      .from(repository)
      .where(eq(repository.organizationId, org.id));
    expect(held?.n).toBe(free.repositories);
  });

  it('refuses an invitation once members and pending invitations fill the plan, storing none', async () => {
    const org = await newOrganization('billing-member-limit');
    const invite = (email: string) =>
      t.request(
        'POST',
        '/organization/invite-member',
        { email, role: 'member', organizationId: org.id },
        { cookie: org.owner.cookie },
      );
    // The owner is one member; the rest of the plan's places go to invitations.
    for (let i = 1; i < (free.members ?? 0); i += 1)
      expect((await invite(`limit-guest-${i}@example.test`)).status).toBe(200);
    const refused = await invite('limit-guest-extra@example.test');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT_REACHED', limit: 'members' });
    const [stored] = await t.db
      .select({ n: count() })
      .from(invitation)
      .where(eq(invitation.organizationId, org.id));
    expect(stored?.n).toBe((free.members ?? 0) - 1);
  });

  it('lifts the limits with a bigger plan, and brings them back when it ends', async () => {
    const org = await subscribed('billing-bigger');
    const actor = { userId: org.owner.id, ip: null };
    for (let i = 0; i <= (free.repositories ?? 0); i += 1)
      await createRepository(org.id, repo(`big-${i}`), actor, t.db);
    const sub = fake.subscriptions.get(org.subscription.id);
    if (!sub) throw new Error('no subscription');
    sub.status = 'canceled';
    await send(fake.event('customer.subscription.deleted', sub, Math.floor(Date.now() / 1000) + 5));
    // Back on Free with more than it allows: what exists stays, nothing new is added.
    await expect(createRepository(org.id, repo('after-cancel'), actor, t.db)).rejects.toThrow(
      'PLAN_LIMIT_REACHED',
    );
  });
});

describe('deleting an organization', () => {
  it('ends its subscription at Stripe first, whether its owner or the manager deletes it', async () => {
    const byOwner = await subscribed('billing-delete-owner');
    const deleted = await t.request(
      'POST',
      '/organization/delete',
      { organizationId: byOwner.id },
      { cookie: byOwner.owner.cookie },
    );
    expect(deleted.status, deleted.text).toBe(200);
    expect(fake.subscriptions.get(byOwner.subscription.id)?.status).toBe('canceled');

    const byManager = await subscribed('billing-delete-manager');
    expect(
      await deleteOrganization(byManager.id, { userId: byManager.owner.id, ip: null }, t.db),
    ).toMatchObject({
      id: byManager.id,
    });
    expect(fake.subscriptions.get(byManager.subscription.id)?.status).toBe('canceled');
    expect(fake.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/v1/subscriptions/${byOwner.subscription.id}`,
      `/v1/subscriptions/${byManager.subscription.id}`,
    ]);
  });

  it('ends the subscriptions of the organizations only a deleted account belonged to', async () => {
    const solo = await subscribed('billing-delete-account');
    const shared = await subscribed('billing-delete-account-shared');
    // The account also belongs to `shared`, whose own owner stays: its subscription stays.
    await t.db.insert(member).values({
      id: `${shared.id}-${solo.owner.id}`,
      organizationId: shared.id,
      userId: solo.owner.id,
      role: 'member',
      createdAt: new Date(),
    });
    const deleted = await t.request('POST', '/delete-user', {}, { cookie: solo.owner.cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(fake.subscriptions.get(solo.subscription.id)?.status).toBe('canceled');
    expect(fake.subscriptions.get(shared.subscription.id)?.status).toBe('active');
  });

  it('keeps the organization and its subscription while Stripe cannot be reached', async () => {
    const org = await subscribed('billing-delete-outage');
    fake.failWith(503);
    try {
      const refused = await t.request(
        'POST',
        '/organization/delete',
        { organizationId: org.id },
        { cookie: org.owner.cookie },
      );
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(deleteOrganization(org.id, { userId: org.owner.id, ip: null }, t.db)).rejects.toThrow(
        'SERVICE_UNAVAILABLE',
      );
    } finally {
      fake.failWith(null);
    }
    expect(await billingOverview(org.id, 'stripe', t.db)).toMatchObject({ plan: 'pro', status: 'active' });
    expect(fake.subscriptions.get(org.subscription.id)?.status).toBe('active');
  });
});

describe('billing off', () => {
  it('has no limits and no read-only state, and calls Stripe for nothing', async () => {
    provideStripeBilling(null);
    try {
      const org = await newOrganization('billing-off');
      const actor = { userId: org.owner.id, ip: null };
      const calls = fake.calls.length;
      for (let i = 0; i <= (free.repositories ?? 0); i += 1)
        await createRepository(org.id, repo(`off-${i}`), actor, t.db);
      await expect(assertWritable(org.id, t.db)).resolves.toBeUndefined();
      expect(fake.calls.length).toBe(calls);
    } finally {
      provideStripeBilling(fake.settings);
    }
  });
});
