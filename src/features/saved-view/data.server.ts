import '@tanstack/react-start/server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { appConfig } from '~/app.config';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { savedView } from '@/server/db/schema/index';
import type { SavedViewList, ViewSearch } from './lists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored view; `list` is as stored (the feature's schema decides which lists exist). */
export type SavedViewRow = { id: string; list: string; name: string; search: ViewSearch };

const columns = { id: savedView.id, list: savedView.list, name: savedView.name, search: savedView.search };

/** The unique index on (owner, list, lower(name)). */
const NAME_CONSTRAINT = 'saved_view_user_list_name_unique';

/** A name the owner already gave a view of that list (in any case) becomes `CONFLICT:name`. */
function nameConflict(error: unknown): never {
  for (let current = error, depth = 0; depth < 4 && typeof current === 'object' && current; depth++) {
    const fields = current as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      cause?: unknown;
    };
    // postgres.js names the constraint `constraint_name`, PGlite `constraint`; drizzle wraps either.
    if (fields.code === '23505' && (fields.constraint_name ?? fields.constraint) === NAME_CONSTRAINT) {
      throw new AppError('CONFLICT', 'name');
    }
    current = fields.cause;
  }
  throw error;
}

/** One owner's views of `lists`, by name (case-insensitively), then list. */
export async function listSavedViewsOf(
  userId: string,
  lists: readonly SavedViewList[],
  db?: Database,
): Promise<SavedViewRow[]> {
  if (lists.length === 0) return [];
  const executor = db ?? (await getDb());
  return executor
    .select(columns)
    .from(savedView)
    .where(and(eq(savedView.userId, userId), inArray(savedView.list, [...lists])))
    .orderBy(asc(sql`lower(${savedView.name})`), asc(savedView.list), asc(savedView.id));
}

/**
 * Saves a view for its owner. Past `appConfig.limits.savedViewsPerUser` views it throws
 * `SAVED_VIEW_LIMIT`; a name the owner already uses for that list, `CONFLICT:name`. Both hold between
 * concurrent saves: an owner's saves take turns (a transaction-scoped advisory lock on the owner), and the
 * unique index decides names.
 */
export async function insertSavedView(
  userId: string,
  values: { list: SavedViewList; name: string; search: ViewSearch },
  db?: Database,
): Promise<SavedViewRow> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_view'), hashtext(${userId}))`);
    const [owned] = await tx.select({ count: count() }).from(savedView).where(eq(savedView.userId, userId));
    if ((owned?.count ?? 0) >= appConfig.limits.savedViewsPerUser) throw new AppError('SAVED_VIEW_LIMIT');
    const [row] = await tx
      .insert(savedView)
      .values({ userId, list: values.list, name: values.name, search: values.search })
      .returning(columns)
      .catch(nameConflict);
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Renames one of the owner's views; null when the id is none of theirs. A taken name: `CONFLICT:name`. */
export async function renameSavedView(
  userId: string,
  id: string,
  name: string,
  db?: Database,
): Promise<SavedViewRow | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .update(savedView)
    .set({ name })
    .where(and(eq(savedView.id, id), eq(savedView.userId, userId)))
    .returning(columns)
    .catch(nameConflict);
  return row ?? null;
}

/** Deletes one of the owner's views; its id, or null when the id is none of theirs. */
export async function deleteSavedView(
  userId: string,
  id: string,
  db?: Database,
): Promise<{ id: string } | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .delete(savedView)
    .where(and(eq(savedView.id, id), eq(savedView.userId, userId)))
    .returning({ id: savedView.id });
  return row ?? null;
}
