import '@tanstack/react-start/server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { webhookDelivery, webhookEndpoint } from '@/server/db/schema/index';
import { appConfig } from '~/app.config';
import type { WebhookDeliveryItem, WebhookEndpointItem } from './schema';

type EndpointRow = typeof webhookEndpoint.$inferSelect;
type DeliveryRow = typeof webhookDelivery.$inferSelect;

export function toEndpointItem(row: EndpointRow): WebhookEndpointItem {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledForFailures: !row.enabled && row.disabledReason === 'failures',
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDeliveryItem(row: DeliveryRow): WebhookDeliveryItem {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryItem['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  };
}

// A uuid column compared with a string that is not one would make Postgres refuse the whole statement.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

/** The organization's endpoints, oldest first. */
export async function listEndpoints(organizationId: string, db?: Database): Promise<WebhookEndpointItem[]> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.organizationId, organizationId))
    .orderBy(webhookEndpoint.createdAt, webhookEndpoint.id);
  return rows.map(toEndpointItem);
}

/** One of the organization's endpoints with its stored row (its secret encrypted), or null. */
export async function findEndpoint(
  organizationId: string,
  id: string,
  db?: Database,
): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, id), eq(webhookEndpoint.organizationId, organizationId)));
  return row ?? null;
}

export async function countEndpoints(organizationId: string, db?: Database): Promise<number> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ endpoints: count() })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.organizationId, organizationId));
  return row?.endpoints ?? 0;
}

/** The organization's enabled endpoints that want `eventType`. */
export async function subscribedEndpoints(
  organizationId: string,
  eventType: string,
  db: Pick<Database, 'select'>,
): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.organizationId, organizationId),
        eq(webhookEndpoint.enabled, true),
        sql`${webhookEndpoint.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    );
}

/** An endpoint's latest deliveries, newest first (`webhooks.logSize`). */
export async function listDeliveries(endpointId: string, db?: Database): Promise<WebhookDeliveryItem[]> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, endpointId))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(appConfig.webhooks.logSize);
  return rows.map(toDeliveryItem);
}

/** One delivery of one endpoint, or null. */
export async function findDelivery(
  endpointId: string,
  id: string,
  db?: Database,
): Promise<DeliveryRow | null> {
  if (!isUuid(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select()
    .from(webhookDelivery)
    .where(and(eq(webhookDelivery.id, id), eq(webhookDelivery.endpointId, endpointId)));
  return row ?? null;
}
