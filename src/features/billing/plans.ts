import { appConfig } from '~/app.config';

// The plans of `billing.plans` (app.config.ts) and what an organization's subscription state means, for
// the server's checks and the screens alike.

export type BillingInterval = 'month' | 'year';
export const BILLING_INTERVALS: readonly BillingInterval[] = ['month', 'year'];

export type Plan = {
  id: string;
  /** Amounts in the currency's smallest unit, per interval (per member on a per-seat plan); none: free. */
  price?: Readonly<Record<BillingInterval, number>>;
  perSeat?: boolean;
  /** A count an organization on the plan may not exceed; a key left out is no limit. */
  limits: Readonly<Partial<Record<string, number>>>;
};

export const plans: readonly Plan[] = appConfig.billing.plans;
/** The first plan, free: an organization without a paid subscription is on it. */
export const freePlan: Plan = plans[0] as Plan;
export const paidPlans = plans.filter((plan) => plan.price);

export function planById(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** Statuses whose plan is the subscription's own; any other is the free plan. */
export const SUBSCRIBED_STATUSES: readonly string[] = ['trialing', 'active', 'past_due', 'unpaid'];
/** Statuses where a payment is owed: the grace period runs, then the organization is read-only. */
export const PAYMENT_OWED: readonly string[] = ['past_due', 'unpaid'];

export type BillingRecord = {
  plan: string;
  status: string;
  pastDueSince: Date | null;
};

export type BillingStanding = {
  plan: Plan;
  /** When a payment is owed: the end of the grace period. */
  graceEndsAt: Date | null;
  /** Past the grace period: nothing in the organization may be changed but its billing. */
  readOnly: boolean;
};

/** What an organization's subscription state means now: its plan and whether it is read-only. */
export function billingStanding(record: BillingRecord | null | undefined, now = new Date()): BillingStanding {
  if (!record || !SUBSCRIBED_STATUSES.includes(record.status))
    return { plan: freePlan, graceEndsAt: null, readOnly: false };
  const plan = planById(record.plan) ?? freePlan;
  if (!PAYMENT_OWED.includes(record.status)) return { plan, graceEndsAt: null, readOnly: false };
  const since = record.pastDueSince ?? now;
  const graceEndsAt = new Date(since.getTime() + appConfig.billing.graceDays * 86_400_000);
  return { plan, graceEndsAt, readOnly: now.getTime() >= graceEndsAt.getTime() };
}
