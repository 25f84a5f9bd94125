import { mutationOptions, type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { authRequest } from './client';
import { withStepUp } from './step-up';
import { $getAuthConfig, $getSession } from './functions';
import type { AuthProvider, SessionInfo } from './schema';

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

/**
 * Forgets every cached query but the auth ones, when whose data the cache holds has changed (sign-out, an
 * impersonation starting or ending, other sessions revoked, the account deleted): nothing of the previous
 * person's stays on screen or in memory.
 */
export function forgetOtherQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/**
 * The two calls of the sign-in form, which change nothing in the cache, as plain functions (the mutations
 * below wrap them). /login calls them directly: it keeps its own pending state, and useMutation's observer
 * would be 0.9 kB gzip of its first download (ADR 013, docs/performance.md#zod-free-validators).
 */
export const signInCalls = {
  sendCode: (email: string) =>
    authCall((client, fetchOptions) =>
      client.emailOtp.sendVerificationOtp({ email, type: 'sign-in', fetchOptions }),
    ),
  signInSocial: ({
    provider,
    callbackURL,
    errorCallbackURL,
  }: {
    provider: AuthProvider['id'];
    callbackURL: string;
    errorCallbackURL: string;
  }) =>
    authCall((client, fetchOptions) =>
      client.signIn.social({ provider, callbackURL, errorCallbackURL, fetchOptions }),
    ),
  /**
   * Signs in with a passkey: the browser's own chooser, or (`autoFill`) its suggestions under the e-mail
   * field, which wait until the visitor picks one. The caller refreshes the cached session.
   */
  signInWithPasskey: (autoFill: boolean) =>
    authCall((client, fetchOptions) => client.signIn.passkey({ autoFill, fetchOptions })),
};

/**
 * better-auth's sign-in calls, with what each changes in the cache. Screens handle navigation, messages
 * and focus; a mutation that fails throws the call's `AuthError`.
 */
export const authMutations = {
  /** Mails a one-time sign-in code to `email` (the first one, or another). */
  sendCode: () => mutationOptions({ mutationFn: signInCalls.sendCode }),
  /** Signs in with the mailed code; the guards of the next screen read the session it caches. */
  signIn: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ email, otp }: { email: string; otp: string }) =>
        authCall((client, fetchOptions) => client.signIn.emailOtp({ email, otp, fetchOptions })),
      onSuccess: () => refreshSession(queryClient),
    }),
  /**
   * Starts a provider's sign-in: better-auth answers with the provider's URL and its client sends the
   * browser there; the provider comes back to `callbackURL` or, on failure, to `errorCallbackURL`.
   */
  signInSocial: () => mutationOptions({ mutationFn: signInCalls.signInSocial }),
  /**
   * Signs out. The cached session becomes null, so the login guard lets the visitor in; the caller drops
   * the rest (`forgetOtherQueries`) once the signed-in screens are gone.
   */
  signOut: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: () => authCall((client, fetchOptions) => client.signOut({ fetchOptions })),
      onSuccess: () => {
        queryClient.setQueryData(authKeys.session, null);
      },
    }),
  /** Returns to the admin's own session; whatever was cached belonged to the impersonated user's view. */
  stopImpersonating: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: () => authCall((client, fetchOptions) => client.admin.stopImpersonating({ fetchOptions })),
      onSuccess: async () => {
        forgetOtherQueries(queryClient);
        await refreshSession(queryClient);
      },
    }),
};

/**
 * `authRequest` (./client.ts) for a mutation: the call's data, or its `AuthError` thrown as it is, so TanStack Query sees
 * the failure and the screen reads its code (`translateError`, `failureCode`).
 */
export async function authCall<T>(call: Parameters<typeof authRequest<T>>[0]): Promise<T> {
  // A sensitive call refused for an old sign-in asks for a fresh code, then runs again (./step-up.ts).
  return withStepUp(async () => {
    const result = await authRequest(call);
    if (result.error) throw result.error;
    return result.data;
  });
}
