import '@tanstack/react-start/server-only';
import { symmetricEncrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/features/audit/record.server';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { webhookDelivery, webhookEndpoint } from '@/server/db/schema/index';
import { enqueueJob } from '@/server/jobs/app-jobs';
import { newWebhookSecret } from '@/server/webhooks/sign';
import { appConfig } from '~/app.config';
import { countEndpoints, findDelivery, findEndpoint, toEndpointItem } from './data.server';
import { eventBody } from './emit.server';
import { TEST_EVENT } from './events';
import { type WebhookEndpointValues, type WebhookSecret, webhookUrlProblem } from './schema';

/** Who makes the change, the language they use, and what the server encrypts secrets with. */
export type WebhookActor = { userId: string; ip: string | null; language: string };
export type WebhookSettings = { secretKey: string; production: boolean };

function checkUrl(url: string, settings: WebhookSettings): void {
  const problem = webhookUrlProblem(url, settings.production);
  if (problem) throw new AppError('VALIDATION_ERROR', 'url');
}

/**
 * A new endpoint of the organization with a signing secret of its own (encrypted at rest), audited: the
 * answer holds the secret, shown once. WEBHOOK_LIMIT past `webhooks.maxPerOrganization`.
 */
export async function createEndpoint(
  organizationId: string,
  values: WebhookEndpointValues,
  actor: WebhookActor,
  settings: WebhookSettings,
  db?: Database,
): Promise<WebhookSecret> {
  checkUrl(values.url, settings);
  const executor = db ?? (await getDb());
  if ((await countEndpoints(organizationId, executor)) >= appConfig.webhooks.maxPerOrganization) {
    throw new AppError('WEBHOOK_LIMIT');
  }
  const secret = newWebhookSecret();
  const encrypted = await symmetricEncrypt({ key: settings.secretKey, data: secret });
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        organizationId,
        url: values.url,
        events: values.events,
        secret: encrypted,
        language: actor.language,
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new AppError('UNKNOWN_ERROR');
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'webhook.create',
        target: { type: 'webhook', id: row.id, label: row.url },
        organizationId,
        metadata: { events: values.events.join(',') },
        ip: actor.ip,
      },
      tx,
    );
    return { endpoint: toEndpointItem(row), secret };
  });
}

/** Changes an endpoint's address, events or whether it is on (turning it on clears its failures); audited. */
export async function updateEndpoint(
  organizationId: string,
  id: string,
  values: Partial<WebhookEndpointValues> & { enabled?: boolean },
  actor: WebhookActor,
  settings: WebhookSettings,
  db?: Database,
) {
  if (values.url !== undefined) checkUrl(values.url, settings);
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const found = await findEndpoint(organizationId, id, tx);
    if (!found) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(webhookEndpoint)
      .set({
        ...(values.url !== undefined ? { url: values.url } : {}),
        ...(values.events !== undefined ? { events: values.events } : {}),
        ...(values.enabled !== undefined
          ? {
              enabled: values.enabled,
              disabledReason: null,
              ...(values.enabled ? { consecutiveFailures: 0 } : {}),
            }
          : {}),
      })
      .where(eq(webhookEndpoint.id, found.id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const changed = (['url', 'events', 'enabled'] as const).filter((field) => values[field] !== undefined);
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'webhook.update',
        target: { type: 'webhook', id: row.id, label: row.url },
        organizationId,
        metadata: {
          changed: changed.join(','),
          ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
        },
        ip: actor.ip,
      },
      tx,
    );
    return toEndpointItem(row);
  });
}

/** A new signing secret for the endpoint (the old one stops signing at once), audited; shown once. */
export async function rotateSecret(
  organizationId: string,
  id: string,
  actor: WebhookActor,
  settings: WebhookSettings,
  db?: Database,
): Promise<WebhookSecret> {
  const executor = db ?? (await getDb());
  const secret = newWebhookSecret();
  const encrypted = await symmetricEncrypt({ key: settings.secretKey, data: secret });
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoint)
      .set({ secret: encrypted })
      .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'webhook.rotate-secret',
        target: { type: 'webhook', id: row.id, label: row.url },
        organizationId,
        ip: actor.ip,
      },
      tx,
    );
    return { endpoint: toEndpointItem(row), secret };
  });
}

/** Deletes an endpoint with its delivery log, audited. False when the organization has no such endpoint. */
export async function deleteEndpoint(
  organizationId: string,
  id: string,
  actor: WebhookActor,
  db?: Database,
): Promise<boolean> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const found = await findEndpoint(organizationId, id, tx);
    if (!found) return false;
    await tx.delete(webhookEndpoint).where(eq(webhookEndpoint.id, found.id));
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'webhook.delete',
        target: { type: 'webhook', id: found.id, label: found.url },
        organizationId,
        ip: actor.ip,
      },
      tx,
    );
    return true;
  });
}

/** "Send test event": a `webhook.test` delivery to this endpoint alone, on the queue like any other. */
export async function sendTestEvent(organizationId: string, id: string, db?: Database): Promise<void> {
  const executor = db ?? (await getDb());
  await executor.transaction(async (tx) => {
    const found = await findEndpoint(organizationId, id, tx);
    if (!found) throw new AppError('NOT_FOUND');
    if (!found.enabled) throw new AppError('WEBHOOK_DISABLED');
    const [delivery] = await tx
      .insert(webhookDelivery)
      .values({
        endpointId: found.id,
        eventType: TEST_EVENT,
        body: eventBody(TEST_EVENT, { endpointId: found.id, organizationId }),
      })
      .returning({ id: webhookDelivery.id });
    if (delivery) await enqueueJob(tx, 'webhook', { deliveryId: delivery.id });
  });
}

/** "Redeliver": the same event (same `webhook-id`, same body) sent again to its endpoint. */
export async function redeliver(
  organizationId: string,
  endpointId: string,
  id: string,
  db?: Database,
): Promise<void> {
  const executor = db ?? (await getDb());
  await executor.transaction(async (tx) => {
    const endpoint = await findEndpoint(organizationId, endpointId, tx);
    const delivery = endpoint ? await findDelivery(endpoint.id, id, tx) : null;
    if (!endpoint || !delivery) throw new AppError('NOT_FOUND');
    if (!endpoint.enabled) throw new AppError('WEBHOOK_DISABLED');
    await tx
      .update(webhookDelivery)
      .set({ status: 'pending', error: null })
      .where(eq(webhookDelivery.id, delivery.id));
    await enqueueJob(tx, 'webhook', { deliveryId: delivery.id });
  });
}
