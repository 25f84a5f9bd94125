import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { authCall } from '@/features/auth/queries';
import { withStepUp } from '@/features/auth/step-up';
import { $listPasskeys, $listUserPasskeys, $removeUserPasskey } from './functions';

const passkeyKeys = {
  all: ['passkey'] as const,
  mine: ['passkey', 'mine'] as const,
  ofUser: (userId: string) => ['passkey', 'user', userId] as const,
};

export const passkeyQueries = {
  /** The signed-in user's passkeys. */
  mine: () => queryOptions({ queryKey: passkeyKeys.mine, queryFn: () => $listPasskeys() }),
  /** A user's passkeys, for the manager's user page. */
  ofUser: (userId: string) =>
    queryOptions({
      queryKey: passkeyKeys.ofUser(userId),
      queryFn: () => $listUserPasskeys({ data: { id: userId } }),
    }),
};

/**
 * The passkey calls with what each changes in the cache: the user's own go through better-auth's client
 * (its passkey plugin), an admin's removal through `$removeUserPasskey`. A failure throws its `AuthError`.
 */
export const passkeyMutations = {
  /** The browser makes a passkey (its own dialog) and the server stores it; `name` is optional. */
  add: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (name?: string) =>
        authCall((client, fetchOptions) => client.passkey.addPasskey({ name, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.mine }),
    }),
  rename: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        authCall((client, fetchOptions) => client.passkey.updatePasskey({ id, name, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.mine }),
    }),
  remove: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (id: string) =>
        authCall((client, fetchOptions) => client.passkey.deletePasskey({ id, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.mine }),
    }),
  removeOfUser: (queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationFn: (passkeyId: string) =>
        withStepUp(() => $removeUserPasskey({ data: { userId, passkeyId } })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.ofUser(userId) }),
    }),
};
