import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSettings } from '@/features/billing/stripe.server';

// The Stripe API as far as the product calls it (customers, Checkout and portal sessions, subscriptions),
// on loopback, for the tests only: the real `stripe` SDK is pointed at it (STRIPE_API_URL), and what Stripe
// would send back as events is built here and signed with the SDK's own test header helper.

type Json = Record<string, unknown>;

/** A subscription as the fake holds it (the fields the product reads, in Stripe's shape). */
type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price' };
    }[];
  };
};

export type FakeStripe = {
  url: string;
  settings: StripeSettings;
  /** Every call the product made, in order: method, path and the form body read back into an object. */
  calls: { method: string; path: string; body: Json }[];
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, FakeSubscription>;
  /** Makes a checkout session's subscription, as paying at Checkout does, and its completion event. */
  completeCheckout: (sessionId: string) => { subscription: FakeSubscription; event: Stripe.Event };
  /** An event about the subscription as it stands now (a copy), created at `created` (seconds). */
  event: (type: string, object: unknown, created?: number) => Stripe.Event;
  /** The event's body and a valid `Stripe-Signature` header for it (or one signed with another secret). */
  signed: (
    event: Stripe.Event,
    options?: { secret?: string },
  ) => Promise<{ payload: string; signature: string }>;
  /** The next answers to the product's calls fail with this HTTP status (an outage), until cleared. */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
};

const FAKE_PRICES =
  'pro:month=price_pro_m,pro:year=price_pro_y,business:month=price_biz_m,business:year=price_biz_y';
const WEBHOOK_SECRET = 'whsec_test_fake_stripe_0123456789';
const DAY = 86_400;

/** `a[b][0][c]=1` form fields as nested objects and arrays, as Stripe reads them. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: FakeStripe['calls'] = [];
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  let failing: number | null = null;
  const id = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 14)}`;

  const answer = (method: string, path: string, body: Json): [number, unknown] => {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', ...body };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/${sessionId}`,
        ...body,
      };
      checkoutSessions.set(sessionId, session);
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [
        200,
        {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/${String(body.customer)}`,
          ...body,
        },
      ];
    }
    const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    const found = subscription?.[1] ? subscriptions.get(subscription[1]) : undefined;
    if (subscription && !found) {
      return [
        404,
        {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        },
      ];
    }
    if (found && method === 'GET') return [200, found];
    if (found && method === 'DELETE') {
      found.status = 'canceled';
      return [200, found];
    }
    if (found && method === 'POST') {
      const items = (body.items as Json[] | undefined) ?? [];
      for (const change of items) {
        const item = found.items.data.find((each) => each.id === change.id);
        if (!item) continue;
        if (typeof change.price === 'string') item.price = { id: change.price, object: 'price' };
        if (typeof change.quantity === 'string') item.quantity = Number(change.quantity);
      }
      if (typeof body.cancel_at_period_end === 'string')
        found.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return [200, found];
    }
    return [404, { error: { type: 'invalid_request_error', message: `unknown path ${method} ${path}` } }];
  };

  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = parseForm(text || url.search.slice(1));
      calls.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const [status, payload] = failing
        ? [failing, { error: { type: 'api_error', message: 'Stripe is down (fake)' } }]
        : answer(request.method ?? 'GET', url.pathname, body);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sdk = new Stripe('sk_test_fake');

  const event: FakeStripe['event'] = (type, object, created = now()) =>
    ({
      id: id('evt'),
      object: 'event',
      type,
      created,
      api_version: '2025-01-01',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    }) as unknown as Stripe.Event;

  return {
    url,
    settings: { secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, prices: FAKE_PRICES, apiUrl: url },
    calls,
    customers,
    checkoutSessions,
    subscriptions,
    completeCheckout: (sessionId) => {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const [line] = session.line_items as Json[];
      const start = now();
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: String(session.customer),
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        metadata:
          (session.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              quantity: Number(line?.quantity ?? 1),
              current_period_start: start,
              current_period_end: start + 30 * DAY,
              price: { id: String(line?.price), object: 'price' },
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      const completed = { ...session, status: 'complete', subscription: subscription.id };
      return { subscription, event: event('checkout.session.completed', completed) };
    },
    event,
    signed: async (payloadEvent, options = {}) => {
      const payload = JSON.stringify(payloadEvent);
      const signature = await sdk.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
      });
      return { payload, signature };
    },
    failWith: (status) => {
      failing = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
