import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt } from './columns.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when the actor is deleted so the trail outlives the account.
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    // The organization the change happened in, if any; no foreign key: the trail outlives the organization.
    organizationId: text('organization_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_organization_idx').on(t.organizationId, t.createdAt),
  ],
);
