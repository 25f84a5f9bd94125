import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import {
  $createRepository,
  $deleteRepository,
  $getRepository,
  $listRepositories,
  $updateRepository,
} from './functions';
import type { RepositoryDetail, RepositoryValues } from './schema';
import type { RepositoryListView } from './search';

export const repositoryKeys = {
  all: ['repository'] as const,
  lists: ['repository', 'list'] as const,
  list: (view: RepositoryListView) => ['repository', 'list', view] as const,
  detail: (id: string) => ['repository', 'detail', id] as const,
};

export const repositoryQueries = {
  /** Pages of one list view; the next page starts at the previous page's cursor. */
  list: (view: RepositoryListView) =>
    infiniteQueryOptions({
      queryKey: repositoryKeys.list(view),
      queryFn: ({ pageParam }) => $listRepositories({ data: { ...view, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While a new term or order loads, the previous results stay on screen instead of a flash of skeletons.
      placeholderData: keepPreviousData,
      // What the route loader just fetched is shown without a second request on mount.
      staleTime: 30_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: repositoryKeys.detail(id),
      queryFn: () => $getRepository({ data: { id } }),
      staleTime: 30_000,
    }),
};

/** The saved repository becomes its detail's cache entry; every list (any search term or order) is refetched. */
function saved(queryClient: QueryClient, repository: RepositoryDetail) {
  queryClient.setQueryData(repositoryKeys.detail(repository.id), repository);
  void queryClient.invalidateQueries({ queryKey: repositoryKeys.lists });
}

export const repositoryMutations = {
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (values: RepositoryValues) => $createRepository({ data: values }),
      onSuccess: (created) => saved(queryClient, created),
    }),
  update: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (values: RepositoryValues) => $updateRepository({ data: { id, values } }),
      onSuccess: (updated) => saved(queryClient, updated),
    }),
  delete: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: () => $deleteRepository({ data: { id } }),
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: repositoryKeys.lists }),
    }),
};

/**
 * Drops a deleted repository's cached detail. Call it once its page is gone: removing the query under a
 * mounted detail page would make that page fetch it again and fail.
 */
export function forgetRepository(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: repositoryKeys.detail(id), exact: true });
}
