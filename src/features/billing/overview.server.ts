import '@tanstack/react-start/server-only';
import type { Database } from '@/server/db/client';
import { countUsage, findBillingRow } from './data.server';
import { type BillingInterval, billingStanding, plans } from './plans';
import type { BillingOverview, PlatformBilling } from './schema';

/** Every key some plan limits, in the plans' order. */
const limitKeys = [...new Set(plans.flatMap((plan) => Object.keys(plan.limits)))];

function stateOf(row: Awaited<ReturnType<typeof findBillingRow>>, now: Date) {
  const standing = billingStanding(row, now);
  return {
    plan: standing.plan.id,
    interval: (row && standing.plan.price ? row.interval : null) as BillingInterval | null,
    status: row?.status ?? 'none',
    seats: row?.seats ?? null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    graceEndsAt: standing.graceEndsAt?.toISOString() ?? null,
    readOnly: standing.readOnly,
  };
}

export async function billingOverview(
  organizationId: string,
  mode: 'stripe' | 'demo',
  db?: Database,
): Promise<BillingOverview> {
  const row = await findBillingRow(organizationId, db);
  const usage = Object.fromEntries(
    await Promise.all(
      limitKeys.map(async (key) => [key, await countUsage(organizationId, key, db)] as const),
    ),
  );
  return { mode, ...stateOf(row, new Date()), hasCustomer: Boolean(row), usage };
}

export async function platformBilling(organizationId: string, db?: Database): Promise<PlatformBilling> {
  const row = await findBillingRow(organizationId, db);
  return { ...stateOf(row, new Date()), stripeCustomerId: row?.stripeCustomerId ?? null };
}
