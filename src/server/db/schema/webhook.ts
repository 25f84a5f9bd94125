// An organization's outgoing webhooks (src/features/webhook): the endpoints it registered and each event's
// delivery to one of them, retried on the job queue.
import { relations } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { organization } from './organization.ts';

export const webhookEndpoint = pgTable(
  'webhook_endpoint',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The event types it wants (`repository.created`…). */
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The signing secret (`whsec_…`), encrypted with the server's secret; shown once when made. */
    secret: text('secret').notNull(),
    /** Failed tries in a row, any event; a success starts again from 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Set when the endpoint was turned off for failing (`failures`), not by a person. */
    disabledReason: text('disabled_reason'),
    /** The language of whoever made it: its owners' notice when it is turned off for failing. */
    language: text('language').notNull().default('en'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoint_organization_idx').on(t.organizationId, t.createdAt)],
);

export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    /** Sent as `webhook-id`: the same for every try and redelivery of one event, for de-duplication. */
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The JSON body sent, exactly (the signature covers it). */
    body: text('body').notNull(),
    /** `pending` (waiting or retrying), `succeeded`, `failed` (no tries left, or refused for good). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: tstz('last_attempt_at'),
  },
  (t) => [index('webhook_delivery_endpoint_idx').on(t.endpointId, t.createdAt)],
);

export const webhookEndpointRelations = relations(webhookEndpoint, ({ one, many }) => ({
  organization: one(organization, {
    fields: [webhookEndpoint.organizationId],
    references: [organization.id],
  }),
  deliveries: many(webhookDelivery),
}));

export const webhookDeliveryRelations = relations(webhookDelivery, ({ one }) => ({
  endpoint: one(webhookEndpoint, { fields: [webhookDelivery.endpointId], references: [webhookEndpoint.id] }),
}));
