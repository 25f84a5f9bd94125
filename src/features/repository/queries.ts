import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { authQueries, useSession } from '@/features/auth/queries';
import { dashboardQueries } from '@/features/dashboard/queries';
import {
  $bulkDeletePlatformRepositories,
  $bulkDeleteRepositories,
  $createPlatformRepository,
  $createRepository,
  $deletePlatformRepository,
  $deleteRepository,
  $getPlatformRepository,
  $getRepository,
  $listPlatformRepositories,
  $listRepositories,
  $updatePlatformRepository,
  $updateRepository,
} from './functions';
import type { RepositoryBulkDeleteInput, RepositoryDetail, RepositoryValues } from './schema';
import {
  type PlatformRepositoryListView,
  platformRepositoryListDefaults,
  repositoryListDefaults,
  type RepositoryListView,
} from './search';

/**
 * Whose repositories a screen shows: the app area's active organization's, or the manager area's, every
 * organization's. Cache keys start with it, so switching organization never shows the previous one's rows.
 */
export type RepositoryOwner = { area: 'app'; organizationId: string } | { area: 'manager' };

export const repositoryKeys = {
  all: ['repository'] as const,
  of: (owner: RepositoryOwner) =>
    owner.area === 'app'
      ? (['repository', 'organization', owner.organizationId] as const)
      : (['repository', 'platform'] as const),
  lists: (owner: RepositoryOwner) => [...repositoryKeys.of(owner), 'list'] as const,
  list: (owner: RepositoryOwner, view: RepositoryListView | PlatformRepositoryListView) =>
    [...repositoryKeys.lists(owner), view] as const,
  detail: (owner: RepositoryOwner, id: string) => [...repositoryKeys.of(owner), 'detail', id] as const,
};

/** The owner for `area` from the cached session (which the area's guard has loaded). */
export function repositoryOwnerOf(queryClient: QueryClient, area: RepositoryOwner['area']): RepositoryOwner {
  if (area === 'manager') return { area };
  const session = queryClient.getQueryData(authQueries.session().queryKey);
  return { area, organizationId: session?.session.activeOrganizationId ?? '' };
}

/** The same, in a component under the area's layout. */
export function useRepositoryOwner(area: RepositoryOwner['area']): RepositoryOwner {
  const session = useSession();
  return area === 'manager'
    ? { area }
    : { area, organizationId: session?.session.activeOrganizationId ?? '' };
}

export const repositoryQueries = {
  /**
   * Pages of one list view; the next page starts at the previous page's cursor. The manager's view may
   * name one organization (`organizationId`, '' for every one).
   */
  list: (owner: RepositoryOwner, view: RepositoryListView | PlatformRepositoryListView) =>
    infiniteQueryOptions({
      queryKey: repositoryKeys.list(owner, view),
      queryFn: ({ pageParam }) => {
        // The whole view travels (search, order and any filter); only the manager's names an organization.
        if (owner.area === 'app') return $listRepositories({ data: { ...view, cursor: pageParam } });
        const organizationId = 'organizationId' in view ? view.organizationId : '';
        return $listPlatformRepositories({
          data: { ...view, cursor: pageParam, organizationId: organizationId || undefined },
        });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While a new term or order loads, the previous results stay on screen instead of a flash of skeletons.
      placeholderData: keepPreviousData,
      // What the route loader just fetched is shown without a second request on mount.
      staleTime: 30_000,
    }),
  detail: (owner: RepositoryOwner, id: string) =>
    queryOptions({
      queryKey: repositoryKeys.detail(owner, id),
      queryFn: () =>
        owner.area === 'app' ? $getRepository({ data: { id } }) : $getPlatformRepository({ data: { id } }),
      staleTime: 30_000,
    }),
  /** The owner's list searched in its default order (the command palette): the same query as the list's. */
  search: (owner: RepositoryOwner, term: string) =>
    repositoryQueries.list(
      owner,
      owner.area === 'app'
        ? { ...repositoryListDefaults, searchTerm: term }
        : { ...platformRepositoryListDefaults, searchTerm: term },
    ),
};

/** Every list of every owner (both areas may show the same repository) is read again. */
function invalidateLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === repositoryKeys.all[0] && query.queryKey.includes('list'),
  });
}

/** The saved repository becomes its detail's cache entry; every list is refetched. */
function saved(queryClient: QueryClient, owner: RepositoryOwner, repository: RepositoryDetail) {
  queryClient.setQueryData(repositoryKeys.detail(owner, repository.id), repository);
  void invalidateLists(queryClient);
}

export const repositoryMutations = {
  /** In the manager area the form names the organization (`organizationId`). */
  create: (queryClient: QueryClient, owner: RepositoryOwner) =>
    mutationOptions({
      mutationFn: ({ organizationId, ...values }: RepositoryValues & { organizationId?: string }) =>
        owner.area === 'app'
          ? $createRepository({ data: values })
          : $createPlatformRepository({ data: { ...values, organizationId: organizationId ?? '' } }),
      onSuccess: (created) => saved(queryClient, owner, created),
    }),
  update: (queryClient: QueryClient, owner: RepositoryOwner, id: string) =>
    mutationOptions({
      mutationFn: (values: RepositoryValues) =>
        owner.area === 'app'
          ? $updateRepository({ data: { id, values } })
          : $updatePlatformRepository({ data: { id, values } }),
      onSuccess: (updated) => saved(queryClient, owner, updated),
    }),
  delete: (queryClient: QueryClient, owner: RepositoryOwner, id: string) =>
    mutationOptions({
      mutationFn: () =>
        owner.area === 'app'
          ? $deleteRepository({ data: { id } })
          : $deletePlatformRepository({ data: { id } }),
      onSuccess: () => invalidateLists(queryClient),
    }),
  /**
   * Deletes the list's selection, answered per row. Whatever it came to, some rows may be gone: every list
   * and the dashboard's figures are read again.
   */
  bulkDelete: (queryClient: QueryClient, owner: RepositoryOwner) =>
    mutationOptions({
      mutationFn: ({ selection }: RepositoryBulkDeleteInput) => {
        if (owner.area === 'manager') return $bulkDeletePlatformRepositories({ data: { selection } });
        if ('ids' in selection) return $bulkDeleteRepositories({ data: { selection } });
        // The app area's view has no organization filter: the active organization is the scope.
        const { organizationId: _platformOnly, ...view } = selection.view;
        return $bulkDeleteRepositories({ data: { selection: { view } } });
      },
      onSettled: async () => {
        await Promise.all([
          invalidateLists(queryClient),
          queryClient.invalidateQueries({ queryKey: dashboardQueries.figures().queryKey }),
        ]);
      },
    }),
};

/**
 * Drops a deleted repository's cached detail. Call it once its page is gone: removing the query under a
 * mounted detail page would make that page fetch it again and fail.
 */
export function forgetRepository(queryClient: QueryClient, owner: RepositoryOwner, id: string) {
  queryClient.removeQueries({ queryKey: repositoryKeys.detail(owner, id), exact: true });
}
