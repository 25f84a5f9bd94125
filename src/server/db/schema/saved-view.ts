import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A list's view (search, filters, order) saved under a name by an admin, for their own sidebar. `list`
 * names the list (an entity's manager list in src/entities.ts: 'users', 'repositories', 'audit'; checked by
 * the feature's schema, so a new list needs no migration); `search` holds the list's URL search params as
 * its own validator left them, never a cursor.
 */
export const savedView = pgTable(
  'saved_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A view is its owner's alone and goes with the account.
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    search: jsonb('search').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // "Banned" and "banned" are one name for one owner's list: this index decides, also between concurrent
    // saves, and serves the owner's views in name order.
    uniqueIndex('saved_view_user_list_name_unique').on(t.userId, t.list, sql`lower(${t.name})`),
  ],
);
