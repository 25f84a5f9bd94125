// An organization's subscription as Stripe last told it (src/features/billing): one row per organization
// that ever opened checkout, and the Stripe events already applied, so a redelivered one changes nothing.
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { organization } from './organization.ts';

export const organizationBilling = pgTable('organization_billing', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  /** A plan id of `billing.plans` (app.config.ts); what the subscription's price is. */
  plan: text('plan').notNull().default('free'),
  interval: text('interval'),
  /** Stripe's subscription status (`active`, `past_due`…), or `none` before the first checkout completes. */
  status: text('status').notNull().default('none'),
  /** The subscription's quantity: the members charged for, on a per-seat plan. */
  seats: integer('seats'),
  currentPeriodEnd: tstz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the subscription last became past due (or unpaid); cleared once it is paid. The grace runs from it. */
  pastDueSince: tstz('past_due_since'),
  /** The creation time of the newest Stripe event applied: an older one, arriving late, is not applied. */
  lastEventAt: tstz('last_event_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const billingEvent = pgTable('billing_event', {
  /** Stripe's event id (`evt_…`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tstz('received_at').defaultNow().notNull(),
});
