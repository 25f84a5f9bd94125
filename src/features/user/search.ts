import type { PermissionRequest } from '@/features/auth/permissions';
import { oneOf, type SortOrder, searchTermParam, searchValidator, sortOrders } from '@/lib/search-params';

// The list's view, apart from the schemas (./schema.ts) on purpose: the /manager/users route validates its
// search params with it, and route definitions are in every page's first download, where zod is not.

export const userRoleFilters = ['admin', 'user'] as const;
export const userStatuses = ['active', 'banned', 'notOnboarded'] as const;
export const userSorts = ['created', 'name', 'email'] as const;

export type UserRoleFilter = (typeof userRoleFilters)[number];
/** Banned wins over not onboarded: every user has exactly one status, and filters agree with badges. */
export type UserStatus = (typeof userStatuses)[number];
export type UserSort = (typeof userSorts)[number];

/** The role a form shows for a stored value: admin when any listed role is admin. */
export function formRoleOf(role: string | null): UserRoleFilter {
  return (role ?? '').split(',').includes('admin') ? 'admin' : 'user';
}

/** The list's view (search, filters, order): what the URL carries and the list query is keyed by. */
export type UserListView = {
  searchTerm: string;
  role: UserRoleFilter | '';
  status: UserStatus | '';
  sort: UserSort;
  order: SortOrder;
};

export const userListDefaults: UserListView = {
  searchTerm: '',
  role: '',
  status: '',
  sort: 'created',
  order: 'desc',
};

/** /manager/users search params: every one falls back to its default on bad input, so a link never breaks. */
export const userListSearch = searchValidator((search): UserListView => ({
  searchTerm: searchTermParam(search.searchTerm),
  role: oneOf(search.role, ['', ...userRoleFilters], ''),
  status: oneOf(search.status, ['', ...userStatuses], ''),
  sort: oneOf(search.sort, userSorts, 'created'),
  order: oneOf(search.order, sortOrders, 'desc'),
}));

// The bulk actions are here, not in ./schema.ts, for the same reason: the list page decides whether to
// offer a selection before any of the bulk code (and zod) is fetched.

/** What a bulk action on the user list may do to each selected user. */
export const userBulkActions = ['ban', 'unban', 'revoke-sessions', 'set-role', 'delete'] as const;
export type UserBulkActionType = (typeof userBulkActions)[number];

/**
 * The permission each bulk action needs, the same as its single action's route (rules.server.ts): the
 * server refuses a caller without it before any row, and the list shows only the actions the viewer holds.
 */
export const userBulkPermissions: Record<UserBulkActionType, PermissionRequest> = {
  ban: { user: ['ban'] },
  unban: { user: ['ban'] },
  'revoke-sessions': { session: ['revoke'] },
  'set-role': { user: ['set-role'] },
  delete: { user: ['delete'] },
};
