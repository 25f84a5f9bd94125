import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { organization } from './organization.ts';

export const repository = pgTable(
  'repository',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Every repository belongs to exactly one organization, and goes with it.
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    link: text('link').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A name is unique within its organization: this index decides conflicts, also between concurrent
    // creates, and serves an organization's list in name order (no id is needed to break a tie).
    uniqueIndex('repository_organization_name_unique').on(t.organizationId, t.name),
    // An organization's list, newest first; the manager's lists across organizations below.
    index('repository_organization_created_at_idx').on(t.organizationId, t.createdAt, t.id),
    index('repository_created_at_idx').on(t.createdAt, t.id),
    index('repository_name_id_idx').on(t.name, t.id),
    index('repository_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // A search inside one organization: one GIN index holds both the organization (btree_gin) and the
    // name's trigrams, so a term rare in the organization costs its matches there, not its matches in
    // every organization (50 → 6 ms for a page, 400 → 12 ms for a count at 1 M rows; docs/performance.md).
    index('repository_organization_name_trgm_idx').using(
      'gin',
      t.organizationId,
      sql`${t.name} gin_trgm_ops`,
    ),
  ],
);
