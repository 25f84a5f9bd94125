import { auditSearch, auditViewDefaults } from '@/features/audit/search';
import type { PermissionRequest } from '@/features/auth/permissions';
import { platformRepositoryListDefaults, platformRepositoryListSearch } from '@/features/repository/search';
import { userListDefaults, userListSearch } from '@/features/user/search';

// Which lists a view can be saved for, and how each reads its URL: zod-free, as the lists' own validators
// are, since the sidebar shows the views on every manager page.

export const savedViewLists = ['users', 'repositories', 'audit'] as const;
export type SavedViewList = (typeof savedViewLists)[number];

/** A view as stored and linked to: the list's URL search params that differ from its defaults. */
export type ViewSearch = Record<string, string>;

type ListReader = { parse: (search: unknown) => Record<string, unknown>; defaults: Record<string, unknown> };

const readers: Record<SavedViewList, ListReader> = {
  users: { parse: (search) => userListSearch.parse(search), defaults: userListDefaults },
  repositories: {
    parse: (search) => platformRepositoryListSearch.parse(search),
    defaults: platformRepositoryListDefaults,
  },
  audit: { parse: (search) => auditSearch.parse(search), defaults: auditViewDefaults },
};

/** Who may save and see a list's views, beyond the manager area: whoever may read the list. */
export const savedViewPermission: Record<SavedViewList, PermissionRequest> = {
  users: { user: ['list'] },
  repositories: { repository: ['read'] },
  // The audit trail names users and what was done to them: the user list's permission (audit/functions.ts).
  audit: { user: ['list'] },
};

export function isSavedViewList(value: unknown): value is SavedViewList {
  return savedViewLists.some((list) => list === value);
}

/**
 * The view as the list's own validator reads it, without what equals its defaults: a value the list does
 * not accept falls back to its default (and so drops out), unknown params and cursors are left out. What
 * comes out always opens the list, and is exactly the search the list's URL carries for it.
 */
export function normalizeViewSearch(list: SavedViewList, search: unknown): ViewSearch {
  const reader = readers[list];
  const kept: ViewSearch = {};
  for (const [key, value] of Object.entries(reader.parse(search))) {
    if (typeof value === 'string' && value !== reader.defaults[key]) kept[key] = value;
  }
  return kept;
}
