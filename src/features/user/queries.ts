import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { authCall, authQueries, forgetOtherQueries, refreshSession } from '@/features/auth/queries';
import { withStepUp } from '@/features/auth/step-up';
import { dashboardQueries } from '@/features/dashboard/queries';
import { $bulkUserAction, $getUser, $listUserSessions, $listUsers } from './functions';
import type { UserBulkInput, UserForm } from './schema';
import { userListDefaults, type UserListView, type UserRoleFilter } from './search';

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
  /** The list's own search in its default order (the command palette): the same query as the list's. */
  search: (term: string) => userQueries.list({ ...userListDefaults, searchTerm: term }),
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

/**
 * A user changed: every list and detail is read again, and the session too when that user is the one
 * signed in (their name or address shows in the header).
 */
async function changed(queryClient: QueryClient, id: string) {
  await queryClient.invalidateQueries({ queryKey: userKeys.all });
  if (queryClient.getQueryData(authQueries.session().queryKey)?.user.id === id) {
    await refreshSession(queryClient);
  }
}

/**
 * better-auth's admin calls on one user, with what each changes in the cache. Screens handle navigation,
 * messages and focus; a mutation that fails throws the call's `AuthError`.
 */
export const userMutations = {
  /**
   * better-auth's admin create-user. No password: the user signs in with an e-mail code. The server
   * marks them onboarded (they have a name) by its own clock; the address is proven by their first code.
   */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ name, email, role }: UserForm) =>
        authCall((client, fetchOptions) => client.admin.createUser({ name, email, role, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists }),
    }),
  /** Name and e-mail, only those that changed. */
  update: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (data: { name?: string; email?: string }) =>
        authCall((client, fetchOptions) => client.admin.updateUser({ userId: id, data, fetchOptions })),
      onSuccess: () => changed(queryClient, id),
    }),
  setRole: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: (role: UserRoleFilter) =>
        authCall((client, fetchOptions) => client.admin.setRole({ userId: id, role, fetchOptions })),
      onSuccess: () => changed(queryClient, id),
    }),
  /** A ban with an optional reason, for `banExpiresIn` seconds or (undefined) for good. */
  ban: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: ({ banReason, banExpiresIn }: { banReason?: string; banExpiresIn?: number }) =>
        authCall((client, fetchOptions) =>
          client.admin.banUser({ userId: id, banReason, banExpiresIn, fetchOptions }),
        ),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    }),
  unban: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: () =>
        authCall((client, fetchOptions) => client.admin.unbanUser({ userId: id, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    }),
  /** Every list is read again; the caller drops the detail (`forgetUser`) once its page is gone. */
  delete: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: () =>
        authCall((client, fetchOptions) => client.admin.removeUser({ userId: id, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists }),
    }),
  /** One of the user's sessions, by id: the screen never holds tokens; the server looks the token up. */
  revokeSession: (queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (sessionId: string) =>
        authCall((client, fetchOptions) =>
          client.$fetch<{ success: boolean }>('/admin/revoke-user-session', {
            method: 'POST',
            body: { sessionId },
            ...fetchOptions,
          }),
        ),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
    }),
  revokeSessions: (queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: () =>
        authCall((client, fetchOptions) => client.admin.revokeUserSessions({ userId, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
    }),
  /**
   * The admin continues as this user. The admin's cached data must not show through the other user's
   * screens: it is dropped, and the session read again, before the caller goes to the app area.
   */
  impersonate: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      mutationFn: () =>
        authCall((client, fetchOptions) => client.admin.impersonateUser({ userId: id, fetchOptions })),
      onSuccess: async () => {
        forgetOtherQueries(queryClient);
        await refreshSession(queryClient);
      },
    }),
};

/**
 * One action on the list's selection, answered per row (`BulkRow`). Whatever it came to, some rows may
 * have changed: every user list and detail, the dashboard's figures and the signed-in session are read
 * again. A stale sign-in asks "confirm it's you" first, then runs it once more.
 */
export const userBulkMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: UserBulkInput) => withStepUp(() => $bulkUserAction({ data: input })),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardQueries.figures().queryKey }),
      ]);
    },
  });

/**
 * Drops a deleted user's cached detail (and sessions). Call it once their page is gone: removing the query
 * under a mounted detail page would make that page fetch it again and fail.
 */
export function forgetUser(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: userKeys.detail(id) });
}
