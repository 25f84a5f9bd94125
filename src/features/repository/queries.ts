import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { $getRepository, $listRepositories } from './functions';

export const repositoryKeys = {
  all: ['repository'] as const,
  lists: ['repository', 'list'] as const,
  list: (searchTerm: string) => ['repository', 'list', { searchTerm }] as const,
  detail: (id: string) => ['repository', 'detail', id] as const,
};

export const repositoryQueries = {
  /** Pages of the list for one search term; the next page starts at the previous page's cursor. */
  list: (searchTerm: string) =>
    infiniteQueryOptions({
      queryKey: repositoryKeys.list(searchTerm),
      queryFn: ({ pageParam }) => $listRepositories({ data: { searchTerm, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While a new term loads, the previous results stay on screen instead of a flash of skeletons.
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
