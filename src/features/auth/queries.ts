import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { $getAuthConfig, $getSession } from './functions';
import type { SessionInfo } from './schema';

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  config: ['auth', 'config'] as const,
};

export const authQueries = {
  /** The one cached session, shared by route guards and components. */
  session: () =>
    queryOptions({
      queryKey: authKeys.session,
      queryFn: () => $getSession(),
      // Guards read it on every navigation; server functions check the session themselves anyway.
      staleTime: 60_000,
    }),
  /** Sign-up switch, demo/development flags and providers: fixed for the life of the server. */
  config: () =>
    queryOptions({
      queryKey: authKeys.config,
      queryFn: () => $getAuthConfig(),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The signed-in visitor, or null. Call only under a route whose `beforeLoad` ensured the session. */
export function useSession(): SessionInfo | null {
  return useSuspenseQuery(authQueries.session()).data;
}

/** Reads the session again from the server (after sign-in or onboarding) and returns it. */
export function refreshSession(queryClient: QueryClient): Promise<SessionInfo | null> {
  return queryClient.fetchQuery({ ...authQueries.session(), staleTime: 0 });
}
