import { oneOf, type SortOrder, searchTermParam, searchValidator, sortOrders } from '@/lib/search-params';

// The list's view, apart from the schemas (./schema.ts) on purpose: both areas' list routes validate their
// search params with it, and route definitions are in every page's first download, where zod is not.

export const repositorySorts = ['created', 'name'] as const;
export type RepositorySort = (typeof repositorySorts)[number];

/** The list's view (search and order): what the URL carries and the list query is keyed by. */
export type RepositoryListView = {
  searchTerm: string;
  sort: RepositorySort;
  order: SortOrder;
};

/** Newest first: what the list showed before it could be sorted, and what a bare URL shows. */
export const repositoryListDefaults: RepositoryListView = { searchTerm: '', sort: 'created', order: 'desc' };

/** /app/repositories and /manager/repositories search params: bad input falls back to the default. */
export const repositoryListSearch = searchValidator((search): RepositoryListView => ({
  searchTerm: searchTermParam(search.searchTerm),
  sort: oneOf(search.sort, repositorySorts, 'created'),
  order: oneOf(search.order, sortOrders, 'desc'),
}));

/** The manager's list view: the same, optionally one organization's repositories ('' for every one). */
export type PlatformRepositoryListView = RepositoryListView & { organizationId: string };

export const platformRepositoryListDefaults: PlatformRepositoryListView = {
  ...repositoryListDefaults,
  organizationId: '',
};

/** An organization id as a link carries it: a string of at most 64 characters, else none. */
const organizationIdParam = (value: unknown) =>
  typeof value === 'string' && value.length <= 64 ? value : '';

/** /manager/repositories search params: the list's view and the organization filter. */
export const platformRepositoryListSearch = searchValidator((search): PlatformRepositoryListView => ({
  ...repositoryListSearch.parse(search),
  organizationId: organizationIdParam(search.organizationId),
}));
