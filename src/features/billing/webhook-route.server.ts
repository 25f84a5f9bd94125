import '@tanstack/react-start/server-only';
import { getDb } from '@/server/db/database';
import { logger, serializeError } from '@/server/logger';
import { billingMode, stripeBilling } from './stripe.server';
import { handleStripeWebhook } from './webhook.server';

/** POST /api/billing/webhook's answer: 200 once handled (or already), 400 for a bad signature, 500 to be retried. */
export async function billingWebhookAnswer(request: Request): Promise<Response> {
  if (billingMode() !== 'stripe') return Response.json({ code: 'NOT_FOUND' }, { status: 404 });
  try {
    const outcome = await handleStripeWebhook(
      await request.text(),
      request.headers.get('stripe-signature'),
      await stripeBilling(),
      await getDb(),
    );
    return outcome.status === 200
      ? Response.json({ received: true, result: outcome.result })
      : Response.json({ code: outcome.code }, { status: 400 });
  } catch (error) {
    // Nothing was applied (one transaction): Stripe sends the event again later.
    logger.error({ err: serializeError(error) }, 'stripe webhook failed');
    return Response.json({ code: 'SERVICE_UNAVAILABLE' }, { status: 500 });
  }
}
