import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { userCan } from '@/features/auth/permissions';
import { AppError } from '@/lib/errors';
import { serverEnv } from '@/server/env';
import {
  deleteSavedView,
  insertSavedView,
  listSavedViewsOf,
  renameSavedView,
  type SavedViewRow,
} from './data.server';
import {
  isSavedViewList,
  normalizeViewSearch,
  type SavedViewList,
  savedViewLists,
  savedViewPermission,
} from './lists';
import { type SavedView, zRenameSavedViewInput, zSavedViewIdInput, zSaveViewInput } from './schema';

// Saved views belong to the admin who saved them: every function works on the caller's own views only, and
// another admin's view id is not found. The manager area is the gate; a list's views also need the right
// to read that list, so an admin who lost it neither sees nor saves them.

const MANAGER = { apps: ['manager'] } as const;

/** The lists `user` may read, and so keep views of. */
function readableLists(user: { id: string; role?: string | null }): SavedViewList[] {
  const admins = serverEnv().ADMIN_USER_IDS;
  return savedViewLists.filter((list) => userCan(user, savedViewPermission(list), admins));
}

/** A stored view as it travels, read again by its list's validator (a view saved before it changed still opens). */
function toView(row: SavedViewRow): SavedView | null {
  if (!isSavedViewList(row.list)) return null;
  return { id: row.id, list: row.list, name: row.name, search: normalizeViewSearch(row.list, row.search) };
}

/** The caller's saved views of the lists they may read, by name. */
export const $listSavedViews = createServerFn({ method: 'GET' })
  .middleware([requirePermission(MANAGER)])
  .handler(async ({ context }) => {
    const rows = await listSavedViewsOf(context.user.id, readableLists(context.user));
    return rows.map(toView).filter((view) => view !== null);
  });

/**
 * Saves the caller's view of a list under a name: `CONFLICT:name` when they already have one of that name
 * for the list, `SAVED_VIEW_LIMIT` past `appConfig.limits.savedViewsPerUser`.
 */
export const $saveView = createServerFn({ method: 'POST' })
  .middleware([requirePermission(MANAGER)])
  .validator(zSaveViewInput)
  .handler(async ({ data, context }) => {
    if (!readableLists(context.user).includes(data.list)) throw new AppError('FORBIDDEN');
    const view = toView(await insertSavedView(context.user.id, data));
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  });

/** Renames one of the caller's views; NOT_FOUND for any other id, `CONFLICT:name` for a taken name. */
export const $renameSavedView = createServerFn({ method: 'POST' })
  .middleware([requirePermission(MANAGER)])
  .validator(zRenameSavedViewInput)
  .handler(async ({ data, context }) => {
    const renamed = await renameSavedView(context.user.id, data.id, data.name);
    const view = renamed && toView(renamed);
    if (!view) throw new AppError('NOT_FOUND');
    return view;
  });

/** Deletes one of the caller's views; NOT_FOUND for any other id. */
export const $deleteSavedView = createServerFn({ method: 'POST' })
  .middleware([requirePermission(MANAGER)])
  .validator(zSavedViewIdInput)
  .handler(async ({ data, context }) => {
    const deleted = await deleteSavedView(context.user.id, data.id);
    if (!deleted) throw new AppError('NOT_FOUND');
    return deleted;
  });
