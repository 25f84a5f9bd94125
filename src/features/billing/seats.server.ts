import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { organizationBilling } from '@/server/db/schema/index';
import { queueJob } from '@/server/jobs/queue-port';
import { countUsage, findBillingRow } from './data.server';
import { billingStanding } from './plans';
import { billingMode, stripeBilling } from './stripe.server';

// A per-seat plan charges for every member: when one joins or leaves, the subscription's quantity follows,
// prorated as Stripe does it (`create_prorations`: the difference on the next invoice).

/** Queues the seat count's sync after a member joined or left (nothing with billing off). */
export async function queueSeatSync(organizationId: string, db: Database): Promise<void> {
  if (billingMode() !== 'stripe') return;
  await queueJob(db, 'billing-seats', { organizationId });
}

/** The `billing-seats` job: the subscription's quantity set to the member count, when they differ. */
export async function syncSeats(
  organizationId: string,
  db: Database,
): Promise<{ seats: number } | { skipped: string }> {
  if (billingMode() !== 'stripe') return { skipped: 'billing off' };
  const row = await findBillingRow(organizationId, db);
  const { plan } = billingStanding(row);
  if (!row?.stripeSubscriptionId || !plan.perSeat || row.status === 'canceled')
    return { skipped: 'not per seat' };
  const seats = Math.max(1, await countUsage(organizationId, 'members', db));
  const { stripe } = await stripeBilling();
  const subscription = await stripe.subscriptions.retrieve(row.stripeSubscriptionId);
  const item = subscription.items.data[0];
  if (!item) return { skipped: 'no item' };
  if (item.quantity !== seats) {
    // Setting a quantity (not adding to it) is safe to repeat: a retried job changes nothing twice.
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: seats }],
      proration_behavior: 'create_prorations',
    });
  }
  await db
    .update(organizationBilling)
    .set({ seats })
    .where(eq(organizationBilling.organizationId, organizationId));
  return { seats };
}
