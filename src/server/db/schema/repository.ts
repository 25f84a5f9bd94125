import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const repository = pgTable(
  'repository',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The unique index decides name conflicts, also between concurrent creates. It also serves the list's
    // name order: a unique name needs no `(name, id)` index (src/features/repository/data.server.ts).
    name: text('name').notNull().unique('repository_name_unique'),
    link: text('link').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('repository_created_at_idx').on(t.createdAt, t.id),
    index('repository_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
