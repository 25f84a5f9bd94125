import { createServerFn } from '@tanstack/react-start';
import { z } from 'zod';
import { requirePermission } from '@/features/auth/middleware';
import { requireOrganization } from '@/features/organization/middleware';
import { AppError } from '@/lib/errors';
import { serverEnv } from '@/server/env';
import { openBillingPortal, startCheckout } from './mutations.server';
import { billingOverview, platformBilling } from './overview.server';
import { zCheckoutInput } from './schema';
import { billingMode, stripeBilling } from './stripe.server';

// The active organization's plan and billing, for its owners (the organization statement `billing`); they
// stay open when the organization is read-only for an overdue payment, since paying is how it ends. With
// billing off: no overview (null) and NOT_FOUND for the rest.

const baseURL = () => serverEnv().BETTER_AUTH_URL ?? import.meta.env.VITE_BASE_URL ?? 'http://localhost:3000';

async function stripeOn() {
  if (billingMode() !== 'stripe') throw new AppError('NOT_FOUND');
  return stripeBilling();
}

export const $getBilling = createServerFn({ method: 'GET' })
  .middleware([requireOrganization({ billing: ['read'] }, { readOnly: 'allowed' })])
  .handler(async ({ context }) => {
    const mode = billingMode();
    return mode === 'off' ? null : billingOverview(context.organization.id, mode);
  });

/** A paid plan: Stripe Checkout's URL to pay at, or the subscription switched to it. */
export const $startCheckout = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ billing: ['update'] }, { readOnly: 'allowed' })])
  .validator(zCheckoutInput)
  .handler(async ({ data, context }) =>
    startCheckout(context.organization.id, data, { email: context.user.email }, await stripeOn(), baseURL()),
  );

/** Stripe's customer portal: payment methods, invoices, cancelling. */
export const $openBillingPortal = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ billing: ['update'] }, { readOnly: 'allowed' })])
  .handler(async ({ context }) => openBillingPortal(context.organization.id, await stripeOn(), baseURL()));

/** Any organization's plan and subscription state, on the manager's organization page (null: billing off). */
export const $getPlatformOrganizationBilling = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], organization: ['list'] })])
  .validator(z.object({ id: z.string().min(1).max(200) }))
  .handler(async ({ data }) => (billingMode() === 'off' ? null : platformBilling(data.id)));
