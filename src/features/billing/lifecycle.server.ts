import '@tanstack/react-start/server-only';
import { AppError } from '@/lib/errors';
import { logger, serializeError } from '@/server/logger';
import type { Database } from '@/server/db/client';
import { findBillingRow } from './data.server';
import { SUBSCRIBED_STATUSES } from './plans';
import { billingMode, stripeBilling } from './stripe.server';

/**
 * Before an organization is deleted (by its owner or the manager): its live subscription cancelled at
 * Stripe at once, without proration, so nobody is charged for an organization that no longer exists.
 * Stripe unreachable: SERVICE_UNAVAILABLE and the organization stays. If the delete then fails, the
 * subscription's `deleted` event returns the organization to Free, as any cancellation does.
 */
export async function endSubscriptionOf(organizationId: string, db?: Database): Promise<void> {
  if (billingMode() !== 'stripe') return;
  const row = await findBillingRow(organizationId, db);
  if (!row?.stripeSubscriptionId || !SUBSCRIBED_STATUSES.includes(row.status)) return;
  const { stripe } = await stripeBilling();
  try {
    await stripe.subscriptions.cancel(row.stripeSubscriptionId, { prorate: false });
  } catch (error) {
    // Already gone at Stripe (cancelled in the dashboard): nothing left to end.
    if ((error as { code?: string }).code === 'resource_missing') return;
    logger.error({ organizationId, err: serializeError(error) }, 'stripe subscription not cancelled');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}
