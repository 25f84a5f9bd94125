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
