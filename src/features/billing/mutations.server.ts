import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { organization, organizationBilling } from '@/server/db/schema/index';
import { countUsage, findBillingRow } from './data.server';
import { type BillingInterval, billingStanding, planById } from './plans';
import type { StripeBilling } from './stripe.server';

// What an organization's owner does with its billing: subscribe through Stripe Checkout, switch plan, and
// manage payment methods and invoices in Stripe's customer portal. The subscription's state itself only
// ever comes from Stripe's events (./webhook.server.ts).

/** Who opens checkout: the customer's contact address at Stripe the first time. */
export type Payer = { email: string };
export type CheckoutAnswer = { kind: 'checkout'; url: string } | { kind: 'changed' };

const returnUrl = (baseURL: string, query = '') => new URL(`/app/organization${query}`, baseURL).toString();

/** The organization's Stripe customer, made on its first checkout (its row, then, in plan `free`). */
async function ensureCustomer(organizationId: string, payer: Payer, billing: StripeBilling, db: Database) {
  const existing = await findBillingRow(organizationId, db);
  if (existing) return existing;
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND');
  const customer = await billing.stripe.customers.create(
    { name: org.name, email: payer.email, metadata: { organizationId } },
    // Two first checkouts at once make one customer.
    { idempotencyKey: `customer:${organizationId}` },
  );
  await db
    .insert(organizationBilling)
    .values({ organizationId, stripeCustomerId: customer.id })
    .onConflictDoNothing();
  const row = await findBillingRow(organizationId, db);
  if (!row) throw new Error('billing row not stored');
  return row;
}

/** PLAN_TOO_SMALL:<limit> when the organization already holds more than `plan` allows. */
async function assertFits(organizationId: string, planId: string, db: Database) {
  const plan = planById(planId);
  for (const [key, limit] of Object.entries(plan?.limits ?? {})) {
    if (limit !== undefined && (await countUsage(organizationId, key, db)) > limit) {
      throw new AppError('PLAN_TOO_SMALL', key);
    }
  }
}

/**
 * Subscribing to a paid plan: without a live subscription, a Checkout session to pay at (its URL); with
 * one, the subscription moved to the new price at once, prorated. A per-seat plan's quantity is the
 * member count.
 */
export async function startCheckout(
  organizationId: string,
  choice: { plan: string; interval: BillingInterval },
  payer: Payer,
  billing: StripeBilling,
  baseURL: string,
  db?: Database,
): Promise<CheckoutAnswer> {
  const executor = db ?? (await getDb());
  const plan = planById(choice.plan);
  const price = billing.priceOf(choice.plan, choice.interval);
  if (!plan?.price || !price) throw new AppError('VALIDATION_ERROR', 'plan');
  await assertFits(organizationId, plan.id, executor);
  const row = await ensureCustomer(organizationId, payer, billing, executor);
  const quantity = plan.perSeat ? Math.max(1, await countUsage(organizationId, 'members', executor)) : 1;
  // A live paid subscription is switched; otherwise (none yet, or it ended) Checkout makes a new one.
  const live = billingStanding(row).plan.price ? row.stripeSubscriptionId : null;
  if (live) {
    if (row.plan === plan.id && row.interval === choice.interval) throw new AppError('CONFLICT', 'plan');
    const subscription = await billing.stripe.subscriptions.retrieve(live);
    const item = subscription.items.data[0];
    if (!item) throw new Error('subscription without an item');
    await billing.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price, quantity }],
      proration_behavior: 'create_prorations',
      cancel_at_period_end: false,
    });
    return { kind: 'changed' };
  }
  const session = await billing.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: row.stripeCustomerId,
    client_reference_id: organizationId,
    line_items: [{ price, quantity }],
    subscription_data: { metadata: { organizationId } },
    allow_promotion_codes: true,
    locale: 'auto',
    success_url: returnUrl(baseURL, '?billing=done'),
    cancel_url: returnUrl(baseURL),
  });
  if (!session.url) throw new Error('checkout session without a URL');
  return { kind: 'checkout', url: session.url };
}

/** Stripe's customer portal (payment methods, invoices, cancelling) for the organization: its URL. */
export async function openBillingPortal(
  organizationId: string,
  billing: StripeBilling,
  baseURL: string,
  db?: Database,
): Promise<{ url: string }> {
  const row = await findBillingRow(organizationId, db);
  if (!row) throw new AppError('NOT_FOUND');
  const session = await billing.stripe.billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: returnUrl(baseURL),
  });
  return { url: session.url };
}
