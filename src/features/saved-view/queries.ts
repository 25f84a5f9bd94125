import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { $deleteSavedView, $listSavedViews, $renameSavedView, $saveView } from './functions';
import type { SavedView, SaveViewInput } from './schema';

export const savedViewKeys = {
  all: ['savedView'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
};

export const savedViewQueries = {
  /** The signed-in admin's views, for the sidebar (and the save dialog's suggestion of a free name). */
  list: () =>
    queryOptions({
      queryKey: savedViewKeys.list(),
      queryFn: () => $listSavedViews(),
      staleTime: 5 * 60_000,
    }),
};

/** Every change is the caller's own: the list is read again, so the sidebar shows what the server kept. */
function refresh(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: savedViewKeys.list() });
}

export const savedViewMutations = {
  save: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (input: SaveViewInput) => $saveView({ data: input }),
      onSuccess: (saved) => {
        queryClient.setQueryData(savedViewKeys.list(), (views: SavedView[] | undefined) =>
          views ? [...views, saved] : views,
        );
        return refresh(queryClient);
      },
    }),
  rename: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (input: { id: string; name: string }) => $renameSavedView({ data: input }),
      onSuccess: () => refresh(queryClient),
    }),
  delete: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) => $deleteSavedView({ data: { id } }),
      onSuccess: (_deleted, id) => {
        queryClient.setQueryData(savedViewKeys.list(), (views: SavedView[] | undefined) =>
          views?.filter((view) => view.id !== id),
        );
        return refresh(queryClient);
      },
    }),
};
