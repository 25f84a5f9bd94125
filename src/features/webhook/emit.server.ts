import '@tanstack/react-start/server-only';
import type { Database } from '@/server/db/client';
import { webhookDelivery } from '@/server/db/schema/index';
import { queueJob } from '@/server/jobs/queue-port';
import { subscribedEndpoints } from './data.server';

/** What an event tells: its type, when, and the changed row as the audit entry names it. */
export type WebhookEvent = {
  organizationId: string;
  type: string;
  data: Record<string, unknown>;
};

/** The JSON body of one event (the Standard Webhooks shape: type, timestamp, data). */
export function eventBody(type: string, data: Record<string, unknown>, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * One delivery per enabled endpoint of the organization that wants the event, each with its job, through
 * `executor`: inside the change's transaction, an event exists once the change commits and never if it
 * rolls back. Nothing is read beyond one indexed query when the organization has no endpoint.
 */
export async function emitWebhookEvent(
  executor: Pick<Database, 'select' | 'insert' | 'execute'>,
  event: WebhookEvent,
): Promise<void> {
  const endpoints = await subscribedEndpoints(event.organizationId, event.type, executor);
  if (!endpoints.length) return;
  const body = eventBody(event.type, event.data);
  const deliveries = await executor
    .insert(webhookDelivery)
    .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventType: event.type, body })))
    .returning({ id: webhookDelivery.id });
  for (const delivery of deliveries) await queueJob(executor, 'webhook', { deliveryId: delivery.id });
}
