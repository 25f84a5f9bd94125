import { entities } from '@/entities';
import type { PermissionRequest } from '@/features/auth/permissions';

// Which lists a view can be saved for, and how each reads its URL: the entities' manager lists
// (src/entities.ts, `list`), read with the lists' own validators, zod-free, since the sidebar shows the views
// on every manager page.

type Listed = Extract<(typeof entities)[keyof typeof entities], { list: unknown }>;

/** The entities that have a manager list, in the registry's order. */
const listed: Listed[] = Object.values(entities).flatMap((entity) => ('list' in entity ? [entity] : []));

export const savedViewLists = listed.map((entity) => entity.list.name);
export type SavedViewList = Listed['list']['name'];

/** A view as stored and linked to: the list's URL search params that differ from its defaults. */
export type ViewSearch = Record<string, string>;

/** The entity whose list `list` is. */
export function listEntity(list: SavedViewList): Listed {
  const found = listed.find((entity) => entity.list.name === list);
  if (!found) throw new Error(`No entity has the list "${list}"`);
  return found;
}

/** The list's name as its navigation says it (an i18n key): the label of its page in the manager area. */
export function savedViewListLabel(list: SavedViewList): string {
  return listEntity(list).nav.manager.label;
}

/** Who may save and see a list's views, beyond the manager area: whoever may read the list. */
export function savedViewPermission(list: SavedViewList): PermissionRequest {
  return listEntity(list).list.read;
}

export function isSavedViewList(value: unknown): value is SavedViewList {
  return savedViewLists.some((list) => list === value);
}

/**
 * The view as the list's own validator reads it, without what equals its defaults: a value the list does
 * not accept falls back to its default (and so drops out), unknown params and cursors are left out. What
 * comes out always opens the list, and is exactly the search the list's URL carries for it.
 */
export function normalizeViewSearch(list: SavedViewList, search: unknown): ViewSearch {
  const { search: reader, defaults } = listEntity(list).list;
  const known: Record<string, unknown> = defaults;
  const kept: ViewSearch = {};
  for (const [key, value] of Object.entries(reader.parse(search))) {
    if (typeof value === 'string' && value !== known[key]) kept[key] = value;
  }
  return kept;
}
