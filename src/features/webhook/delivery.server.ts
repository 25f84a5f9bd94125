import '@tanstack/react-start/server-only';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { type AppLanguage, appConfig } from '~/app.config';
import type { Database } from '@/server/db/client';
import { member, organization, user, webhookDelivery, webhookEndpoint } from '@/server/db/schema/index';
import { renderWebhookDisabledEmail } from '@/server/email/organization-emails';
import type { QueuedMail } from '@/server/email/mailer';
import { deliverWebhook, type DeliveryOptions } from '@/server/webhooks/deliver';
import { signedHeaders } from '@/server/webhooks/sign';

/** What a delivery job works with (src/server/jobs/handlers.ts gives it). */
export type WebhookDeliveryContext = {
  db: Database;
  /** The server's secret, which the endpoints' signing secrets are encrypted with. */
  secretKey: string;
  /** Outside production a receiver on loopback or the local network is allowed (a developer's machine). */
  allowPrivateAddresses: boolean;
  /** Where the owners' notice links to: the app's address. */
  baseURL: string;
  /** Queues a mail (the owners' notice) through `executor`. */
  queueMail: (executor: Pick<Database, 'execute'>, mail: QueuedMail) => Promise<unknown>;
  /** For tests: where the resolver and address guard come from. */
  deliveryOptions?: Partial<DeliveryOptions>;
};

/** A failed try the queue retries (with backoff): its message is what the jobs page shows. */
class DeliveryFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryFailed';
  }
}

/** Failures that trying again cannot cure: the address is not one the server may reach, or not a URL. */
const FOR_GOOD = new Set(['refused-address', 'bad-url']);

/**
 * One try of one delivery: signed (Standard Webhooks: `webhook-id` is the delivery's id, the same on every
 * try, for de-duplication), sent to the endpoint's address within `webhooks.timeoutSeconds`, its answer
 * logged on the delivery. A failure is thrown, so the queue tries again with backoff for a day and more,
 * unless it can never succeed; `lastTry` marks the delivery failed. After `webhooks.disableAfterFailures`
 * failures in a row the endpoint is turned off and its organization's owners are told by e-mail.
 */
export async function deliverQueuedWebhook(
  deliveryId: string,
  context: WebhookDeliveryContext,
  lastTry: boolean,
): Promise<object> {
  const { db } = context;
  const [found] = await db
    .select({ delivery: webhookDelivery, endpoint: webhookEndpoint })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .where(eq(webhookDelivery.id, deliveryId));
  // Deleted with its endpoint, or already delivered (a redelivery's job and an older one both queued).
  if (!found || found.delivery.status === 'succeeded') return { skipped: 'gone or delivered' };
  const { delivery, endpoint } = found;
  if (!endpoint.enabled) {
    await db
      .update(webhookDelivery)
      .set({ status: 'failed', error: 'endpoint-disabled' })
      .where(eq(webhookDelivery.id, delivery.id));
    return { skipped: 'endpoint disabled' };
  }
  const secret = await symmetricDecrypt({ key: context.secretKey, data: endpoint.secret });
  const result = await deliverWebhook(
    {
      url: endpoint.url,
      body: delivery.body,
      headers: signedHeaders(secret, { id: delivery.id, timestamp: new Date(), body: delivery.body }),
    },
    {
      timeoutMs: appConfig.webhooks.timeoutSeconds * 1000,
      allowPrivateAddresses: context.allowPrivateAddresses,
      ...context.deliveryOptions,
    },
  );
  const forGood = result.error !== undefined && FOR_GOOD.has(result.error);
  const status = result.ok ? 'succeeded' : forGood || lastTry ? 'failed' : 'pending';
  await db
    .update(webhookDelivery)
    .set({
      status,
      attempts: sql`${webhookDelivery.attempts} + 1`,
      responseStatus: result.status,
      durationMs: Math.round(result.durationMs),
      responseExcerpt: result.responseExcerpt || null,
      error: result.error ?? (result.ok ? null : `HTTP ${result.status}`),
      lastAttemptAt: new Date(),
    })
    .where(eq(webhookDelivery.id, delivery.id));
  if (result.ok) {
    await db
      .update(webhookEndpoint)
      .set({ consecutiveFailures: 0 })
      .where(eq(webhookEndpoint.id, endpoint.id));
    return { status: result.status, durationMs: Math.round(result.durationMs) };
  }
  await countFailure(endpoint.id, context);
  const reason = result.error ?? `HTTP ${result.status}`;
  if (forGood) return { failed: reason };
  throw new DeliveryFailed(`The webhook was not delivered: ${reason}`);
}

/** One more failure in a row; at the threshold, the endpoint turned off and its owners told (once). */
async function countFailure(endpointId: string, context: WebhookDeliveryContext): Promise<void> {
  const { db } = context;
  await db.transaction(async (tx) => {
    const [counted] = await tx
      .update(webhookEndpoint)
      .set({ consecutiveFailures: sql`${webhookEndpoint.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoint.id, endpointId))
      .returning();
    if (!counted?.enabled || counted.consecutiveFailures < appConfig.webhooks.disableAfterFailures) return;
    await tx
      .update(webhookEndpoint)
      .set({ enabled: false, disabledReason: 'failures' })
      .where(eq(webhookEndpoint.id, endpointId));
    const owners = await tx
      .select({ email: user.email, organizationName: organization.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(and(eq(member.organizationId, counted.organizationId), like(member.role, '%owner%')));
    const lng = (appConfig.languages as readonly string[]).includes(counted.language)
      ? (counted.language as AppLanguage)
      : appConfig.defaultLanguage;
    for (const owner of owners) {
      const mail = await renderWebhookDisabledEmail({
        to: owner.email,
        lng,
        organizationName: owner.organizationName,
        endpointUrl: counted.url,
        failures: counted.consecutiveFailures,
        url: new URL('/app/organization', context.baseURL).toString(),
      });
      await context.queueMail(tx, { ...mail, kind: 'webhook-disabled' });
    }
  });
}
