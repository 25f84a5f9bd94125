// better-auth's API-key plugin's model (@better-auth/api-key), owned here like the other auth tables: the
// property names are the fields its adapter writes. Every key belongs to an organization (the plugin's
// `references: 'organization'`: `reference_id` is the organization's id) and goes with it.
import { relations } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { organization } from './organization.ts';

export const apikey = pgTable(
  'apikey',
  {
    id: text('id').primaryKey(),
    configId: text('config_id').notNull().default('default'),
    name: text('name'),
    /** The key's first characters, its prefix included: what the list shows to tell keys apart. */
    start: text('start'),
    prefix: text('prefix'),
    /** The key's SHA-256, base64url: the key itself is shown once and never stored. */
    key: text('key').notNull().unique(),
    referenceId: text('reference_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    refillInterval: integer('refill_interval'),
    refillAmount: integer('refill_amount'),
    lastRefillAt: tstz('last_refill_at'),
    enabled: boolean('enabled').notNull().default(true),
    rateLimitEnabled: boolean('rate_limit_enabled').notNull().default(true),
    rateLimitTimeWindow: integer('rate_limit_time_window'),
    rateLimitMax: integer('rate_limit_max'),
    requestCount: integer('request_count').notNull().default(0),
    remaining: integer('remaining'),
    /** The last accepted call: the list's "Last used", and the start of the rate limit's window. */
    lastRequest: tstz('last_request'),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** JSON: the key's scopes as better-auth's permission statements (`{ "repositories": ["read"] }`). */
    permissions: text('permissions'),
    /** JSON: `{ createdBy }`, the member who created it. */
    metadata: text('metadata'),
  },
  (t) => [index('apikey_reference_id_idx').on(t.referenceId, t.createdAt)],
);

export const apikeyRelations = relations(apikey, ({ one }) => ({
  organization: one(organization, { fields: [apikey.referenceId], references: [organization.id] }),
}));
