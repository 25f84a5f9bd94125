import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { $getUser, $listUserSessions, $listUsers } from './functions';
import type { UserListView } from './search';

export const userKeys = {
  all: ['user'] as const,
  lists: ['user', 'list'] as const,
  list: (view: UserListView) => ['user', 'list', view] as const,
  details: ['user', 'detail'] as const,
  detail: (id: string) => ['user', 'detail', id] as const,
};

export const userQueries = {
  /** Pages of one list view; the next page starts at the previous page's cursor. */
  list: (view: UserListView) =>
    infiniteQueryOptions({
      queryKey: userKeys.list(view),
      queryFn: ({ pageParam }) => $listUsers({ data: { ...view, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While another view loads, the previous rows stay on screen instead of a flash of skeletons.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: userKeys.detail(id),
      queryFn: () => $getUser({ data: { id } }),
      staleTime: 30_000,
    }),
};

/** A user's active sessions; under the detail key, so refreshing the user refreshes them too. */
export const userSessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...userKeys.detail(userId), 'sessions'] as const,
    queryFn: () => $listUserSessions({ data: { id: userId } }),
  });
