// An organization's owner on "Plan and billing", on a production instance of its own whose Stripe is the
// tests' fake on loopback (src/test/fake-stripe.ts, through STRIPE_API_URL): sees the Free plan and what
// the organization uses, upgrades to Pro through Checkout (Stripe's page played by the test, which sends
// back to the success URL), and sees the plan once the signed webhook event arrives (a forged one refused,
// a repeated one changing nothing); then a failed payment's banner, and the section in Arabic.
import { expect, test } from '@playwright/test';
import { type FakeStripe, startFakeStripe } from '../src/test/fake-stripe';
import { expectAccessible, waitForHydration } from './fixtures';
import { type Instance, startInstance, waitForReady } from './support/instances';
import { newEmail, signIn } from './support/session';
import { en, enPattern, text } from './support/text';

test.describe('Plan and billing on the organization screen', () => {
  test.describe.configure({ timeout: 120_000 });

  let instance: Instance;
  let fake: FakeStripe;

  test.beforeAll(async () => {
    fake = await startFakeStripe();
    instance = await startInstance({
      PGLITE_DIR: 'memory://',
      EMAIL_SERVER: process.env.EMAIL_SERVER ?? '',
      STRIPE_SECRET_KEY: fake.settings.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.settings.webhookSecret,
      STRIPE_PRICES: fake.settings.prices,
      STRIPE_API_URL: fake.url,
    });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await instance?.stop();
    await fake?.close();
  });

  /** Stripe's POST to the webhook: the event signed (or signed with another secret: forged). */
  async function deliver(event: Parameters<FakeStripe['signed']>[0], secret?: string) {
    const { payload, signature } = await fake.signed(event, { secret });
    const answer = await fetch(`${instance.origin}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  test('an owner upgrades through Checkout, sees the plan once Stripe confirms it, then a failed payment', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, newEmail('billing-owner'), { origin: instance.origin, name: 'Bea Owner' });
    await page.goto(`${instance.origin}/app/organization`);
    await waitForHydration(page);

    const section = page.getByRole('region', { name: en('billing:section.title') });
    await expect(section).toContainText(en('billing:status.none'));
    await expect(section).toContainText(en('billing:usage.of', { used: 1, limit: 3 }));
    const plans = section.getByRole('list', { name: en('billing:section.title') });
    await expect(plans.getByRole('article')).toHaveCount(3);
    await expect(plans.getByRole('article', { name: en('billing:plans.free.name') })).toContainText(
      en('billing:actions.current'),
    );
    await expectAccessible(page);
    // The section's code came with it (with billing off, the test below finds none).
    expect(scripts.filter((path) => /billing-section/.test(path))).toHaveLength(1);

    // Stripe's Checkout page, played here: paying sends the browser back to the session's success URL.
    await page.route('https://checkout.stripe.test/**', (route) => {
      const session = fake.checkoutSessions.get(new URL(route.request().url()).pathname.slice(1));
      return route.fulfill({ status: 303, headers: { location: String(session?.success_url) } });
    });
    await section
      .getByRole('group', { name: en('billing:intervals.label') })
      .getByRole('button', {
        name: en('billing:intervals.year'),
      })
      .click();
    await plans
      .getByRole('article', { name: en('billing:plans.pro.name') })
      .getByRole('button', { name: en('billing:actions.upgrade') })
      .click();
    await expect(page).toHaveURL(`${instance.origin}/app/organization?billing=done`);
    await expect(page.getByRole('status').filter({ hasText: en('billing:done') })).toBeVisible();

    // Checkout was opened for Pro, yearly, one seat (the owner), for this organization.
    const [sessionId, session] = [...fake.checkoutSessions][0] ?? [];
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_y', quantity: '1' }],
    });

    // Stripe's event: a forged copy is refused, the genuine one applied once.
    const { event } = fake.completeCheckout(String(sessionId));
    expect(await deliver(event, 'whsec_someone_else')).toEqual({
      status: 400,
      body: { code: 'INVALID_SIGNATURE' },
    });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });

    await page.goto(`${instance.origin}/app/organization`);
    await waitForHydration(page);
    await expect(section.getByText(en('billing:plans.pro.name'), { exact: true }).first()).toBeVisible();
    await expect(section).toContainText(en('billing:status.active'));
    await expect(section).toContainText(en('billing:intervals.year'));
    await expect(section).toContainText(en('billing:current.seats', { count: 1 }));
    await expect(plans.getByRole('article', { name: en('billing:plans.pro.name') })).toContainText(
      en('billing:actions.current'),
    );
    await expect(section).toContainText(en('billing:usage.of', { used: 1, limit: 25 }));

    // Manage billing opens Stripe's customer portal for the organization's customer.
    await page.route('https://billing.stripe.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Portal</title>' }),
    );
    await section.getByRole('button', { name: en('billing:actions.manage') }).click();
    await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.test\/cus_/);

    // The renewal fails: the owners see the banner on every app page, with the way to the section.
    const subscription = [...fake.subscriptions.values()][0];
    const pastDue = fake.event('customer.subscription.updated', { ...subscription, status: 'past_due' });
    expect(await deliver(pastDue)).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    await page.goto(`${instance.origin}/app`);
    await waitForHydration(page);
    const banner = page.getByRole('alert').filter({
      hasText: new RegExp(enPattern('billing:banner.grace', { organization: /Bea Owner.*/, date: /.+/ })),
    });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: en('billing:banner.action') }).click();
    await expect(page).toHaveURL(`${instance.origin}/app/organization#billing`);
    await expect(section).toContainText(en('billing:status.past_due'));

    // The same section in Arabic, right to left.
    await page.goto(`${instance.origin}/app/organization?lng=ar`);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = page.getByRole('region', { name: text('ar', 'billing:section.title') });
    await expect(arabic).toContainText(text('ar', 'billing:status.past_due'));
    await expect(arabic).toContainText(text('ar', 'billing:plans.pro.name'));
    await expect(arabic.getByRole('button', { name: text('ar', 'billing:actions.manage') })).toBeVisible();
    await expectAccessible(page);
  });
});

test('with billing off, an owner sees no plan section and the browser downloads no billing code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signIn(page, newEmail('billing-off-owner'), { name: 'Otto Owner' });
  await page.goto('/app/organization');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: en('organization:settings.general.title') })).toBeVisible();
  await expect(page.getByRole('region', { name: en('billing:section.title') })).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((path) => /billing|plan-labels|stripe/.test(path))).toEqual([]);
});
