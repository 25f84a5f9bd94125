import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { recordAudit } from '@/features/audit/record.server';
import type { Database } from '@/server/db/client';
import { billingEvent, organization, organizationBilling } from '@/server/db/schema/index';
import { logger } from '@/server/logger';
import { type BillingRow, findBillingRowByCustomer } from './data.server';
import { PAYMENT_OWED, planById, SUBSCRIBED_STATUSES } from './plans';
import type { StripeBilling } from './stripe.server';

// Stripe's events at POST /api/billing/webhook (docs/decisions/044-billing.md): verified with the `stripe`
// library's signature check; each event id applied once (a redelivery changes nothing); an event older than
// the newest applied one never overwrites the state it brought; a failure rolls everything back and answers
// 500, so Stripe retries.

/** The events the product reads; the README lists them for Stripe's dashboard. */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

export type WebhookOutcome =
  | { status: 400; code: 'INVALID_SIGNATURE' }
  | { status: 200; result: 'applied' | 'duplicate' | 'stale' | 'ignored' };

export async function handleStripeWebhook(
  payload: string,
  signature: string | null,
  billing: StripeBilling,
  db: Database,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = await billing.stripe.webhooks.constructEventAsync(payload, signature, billing.webhookSecret);
  } catch (error) {
    logger.info({ err: error instanceof Error ? error.message : String(error) }, 'stripe webhook refused');
    return { status: 400, code: 'INVALID_SIGNATURE' };
  }
  const subscription = await subscriptionOf(event, billing);
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id });
    if (!fresh) return { status: 200, result: 'duplicate' } as const;
    if (!subscription) return { status: 200, result: 'ignored' } as const;
    return { status: 200, result: await apply(tx, event, subscription, billing) } as const;
  });
}

/** The subscription an event is about: its object, or for a completed checkout the one it made. */
async function subscriptionOf(
  event: Stripe.Event,
  billing: StripeBilling,
): Promise<Stripe.Subscription | null> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object;
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return billing.stripe.subscriptions.retrieve(id);
    }
    default:
      return null;
  }
}

const customerIdOf = (subscription: Stripe.Subscription) =>
  typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

async function apply(
  tx: Database,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  billing: StripeBilling,
): Promise<'applied' | 'stale' | 'ignored'> {
  const row = await findBillingRowByCustomer(customerIdOf(subscription), tx);
  if (!row) {
    logger.warn(
      { event: event.id, customer: customerIdOf(subscription) },
      'stripe event for an unknown customer',
    );
    return 'ignored';
  }
  const at = new Date(event.created * 1000);
  if (row.lastEventAt && row.lastEventAt.getTime() > at.getTime()) return 'stale';
  // A leftover subscription (an earlier one, ended or replaced) never overrides the one in use.
  if (
    row.stripeSubscriptionId &&
    row.stripeSubscriptionId !== subscription.id &&
    SUBSCRIBED_STATUSES.includes(row.status)
  ) {
    return 'ignored';
  }
  const next = stateOf(subscription, event.type === 'customer.subscription.deleted', row, at, billing);
  await tx
    .update(organizationBilling)
    .set(next)
    .where(eq(organizationBilling.organizationId, row.organizationId));
  if (
    next.plan !== row.plan ||
    next.status !== row.status ||
    next.cancelAtPeriodEnd !== row.cancelAtPeriodEnd
  ) {
    const [org] = await tx
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, row.organizationId));
    await recordAudit(
      {
        actorUserId: null,
        action: 'billing.change',
        target: { type: 'organization', id: row.organizationId, label: org?.name ?? null },
        organizationId: row.organizationId,
        metadata: {
          plan: next.plan,
          previousPlan: row.plan,
          status: next.status,
          previousStatus: row.status,
          cancelAtPeriodEnd: next.cancelAtPeriodEnd,
          event: event.id,
        },
      },
      tx,
    );
  }
  return 'applied';
}

/** The row's new values from the subscription as the event tells it. */
function stateOf(
  subscription: Stripe.Subscription,
  deleted: boolean,
  row: BillingRow,
  at: Date,
  billing: StripeBilling,
) {
  const item = subscription.items.data[0];
  const priced = item ? billing.planOfPrice(item.price.id) : undefined;
  if (item && !priced)
    logger.warn({ price: item.price.id }, 'stripe subscription with a price STRIPE_PRICES does not name');
  const status = deleted ? 'canceled' : subscription.status;
  const owed = PAYMENT_OWED.includes(status);
  return {
    stripeSubscriptionId: subscription.id,
    plan: priced && planById(priced.plan) ? priced.plan : row.plan,
    interval: priced?.interval ?? row.interval,
    status,
    seats: item?.quantity ?? null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: !deleted && (subscription.cancel_at_period_end || subscription.cancel_at !== null),
    // The grace runs from the first time it fell behind, not from each retry's event.
    pastDueSince: owed ? (row.pastDueSince ?? at) : null,
    lastEventAt: at,
  };
}
