import { z } from 'zod';
import { BILLING_INTERVALS, type BillingInterval, paidPlans } from './plans';

export { SUBSCRIBED_STATUSES } from './plans';

/** A paid plan to subscribe to, and how often it is billed. */
export const zCheckoutInput = z.object({
  plan: z.enum(paidPlans.map((plan) => plan.id) as [string, ...string[]]),
  interval: z.enum(BILLING_INTERVALS as [BillingInterval, ...BillingInterval[]]),
});
export type CheckoutInput = z.infer<typeof zCheckoutInput>;

/**
 * An organization's billing as its owners' section shows it: `demo` in the read-only demo (no Stripe), its
 * plan and subscription state, and what it uses of each limited thing.
 */
export type BillingOverview = {
  mode: 'stripe' | 'demo';
  plan: string;
  interval: BillingInterval | null;
  /** Stripe's subscription status, or `none` before any. */
  status: string;
  seats: number | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** While a payment is owed: when the organization becomes read-only (or became). */
  graceEndsAt: string | null;
  readOnly: boolean;
  /** Whether the customer portal has a customer to open for (a checkout was started once). */
  hasCustomer: boolean;
  /** `members`, and every tenant-owned entity's plural any plan limits. */
  usage: Record<string, number>;
};

/** An organization's plan and state on the manager's organization page. */
export type PlatformBilling = Pick<
  BillingOverview,
  | 'plan'
  | 'interval'
  | 'status'
  | 'seats'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'graceEndsAt'
  | 'readOnly'
> & { stripeCustomerId: string | null };
