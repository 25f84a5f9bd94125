import '@tanstack/react-start/server-only';
import type Stripe from 'stripe';
import { isDemoMode, parseStripePrices, serverEnv } from '@/server/env';
import type { BillingInterval } from './plans';

// The Stripe side of billing, on only when STRIPE_SECRET_KEY (with its webhook secret and prices) is set.
// The SDK is imported on first use, so a server with billing off never loads it, and nothing here can
// reach a page's download (server-only).

export type StripeBilling = {
  stripe: Stripe;
  webhookSecret: string;
  /** `plan:interval` → price id, and back. */
  priceOf: (plan: string, interval: BillingInterval) => string | undefined;
  planOfPrice: (priceId: string) => { plan: string; interval: BillingInterval } | undefined;
};

/** What a Stripe client is made from: the environment's values (README, "Billing"), or a test's. */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  prices: string;
  /** Instead of api.stripe.com (STRIPE_API_URL). */
  apiUrl?: string | undefined;
};

let cached: Promise<StripeBilling> | undefined;
/** A test's billing (`provideStripeBilling`), in place of the environment's; null: billing off. */
let provided: StripeSettings | null | undefined;

function settingsFromEnv(): StripeSettings | null {
  const env = serverEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICES) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    prices: env.STRIPE_PRICES,
    apiUrl: env.STRIPE_API_URL,
  };
}

const settings = () => (provided === undefined ? settingsFromEnv() : provided);

/**
 * Whether the product has billing: `stripe` with the Stripe variables set; `demo` in the read-only demo
 * without them (the plan section shows, its buttons refused like every change); otherwise `off`: no
 * section, no limits, and the SDK never loaded.
 */
export function billingMode(): 'stripe' | 'demo' | 'off' {
  if (settings()) return 'stripe';
  return isDemoMode() ? 'demo' : 'off';
}

/** The Stripe client and settings; throws when billing is not `stripe` (callers check `billingMode`). */
export function stripeBilling(): Promise<StripeBilling> {
  const current = settings();
  if (!current) return Promise.reject(new Error('billing is off: STRIPE_SECRET_KEY is not set'));
  cached ??= createStripeBilling(current);
  return cached;
}

/** The integration tests' billing against their fake Stripe; `undefined` returns to the environment's. */
export function provideStripeBilling(next: StripeSettings | null | undefined): void {
  provided = next;
  cached = undefined;
}

async function createStripeBilling(settings: StripeSettings): Promise<StripeBilling> {
  const { default: StripeSdk } = await import('stripe');
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new StripeSdk(settings.secretKey, {
    // Stripe's own retries (with its idempotency keys) on a network error or a 409/5xx answer.
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  const prices = parseStripePrices(settings.prices);
  const plans = new Map([...prices].map(([key, price]) => [price, key]));
  return {
    stripe,
    webhookSecret: settings.webhookSecret,
    priceOf: (plan, interval) => prices.get(`${plan}:${interval}`),
    planOfPrice: (priceId) => {
      const [plan, interval] = plans.get(priceId)?.split(':') ?? [];
      return plan && (interval === 'month' || interval === 'year') ? { plan, interval } : undefined;
    },
  };
}
