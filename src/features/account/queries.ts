import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { appConfig } from '~/app.config';
import { authCall, authKeys, refreshSession } from '@/features/auth/queries';
import {
  $exportMyData,
  $getSignInAlerts,
  $listLinkedProviders,
  $listSessions,
  $setSignInAlerts,
} from './functions';

const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
  providers: ['account', 'providers'] as const,
  signInAlerts: ['account', 'sign-in-alerts'] as const,
};

export const accountQueries = {
  /** The signed-in user's devices, this one included. */
  sessions: () =>
    queryOptions({
      queryKey: accountKeys.sessions,
      queryFn: () => $listSessions(),
    }),
  /** The providers linked to the account (GitHub, Google, OIDC). */
  providers: () =>
    queryOptions({
      queryKey: accountKeys.providers,
      queryFn: () => $listLinkedProviders(),
    }),
  /** Whether a sign-in from a browser new to the account is mailed to its owner. */
  signInAlerts: () =>
    queryOptions({
      queryKey: accountKeys.signInAlerts,
      queryFn: () => $getSignInAlerts(),
    }),
};

/** The "Security alerts" switch; the cache holds the stored value once the server has it. */
export const signInAlertsMutations = {
  setSignInAlerts: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (enabled: boolean) => $setSignInAlerts({ data: { enabled } }),
      onSuccess: (enabled) => queryClient.setQueryData(accountKeys.signInAlerts, enabled),
    }),
};

/** `starter-data-2026-05-01.json`: the app's name and the visitor's own date. */
function exportFileName(date: Date): string {
  const app = appConfig.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${app}-data-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** Hands `text` to the browser as a download named `fileName` (a temporary link to a Blob). */
function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download my data": the server's answer saved as a JSON file. A refusal (five an hour) throws
 * `TOO_MANY_REQUESTS:<seconds>`, as any server function's failure does.
 */
export const exportMutations = {
  exportMyData: () =>
    mutationOptions({
      mutationFn: async () => {
        const data = await $exportMyData();
        saveFile(exportFileName(new Date()), JSON.stringify(data, null, 2), 'application/json');
      },
    }),
};

/**
 * better-auth's calls on the signed-in user's own account, with what each changes in the cache. Screens
 * handle navigation, messages and focus; a mutation that fails throws the call's `AuthError`.
 */
export const accountMutations = {
  /** better-auth's /update-user; the server checks the name with the same schema (rules.server.ts). */
  changeName: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (name: string) =>
        authCall((client, fetchOptions) => client.updateUser({ name, fetchOptions })),
      onSuccess: () => refreshSession(queryClient),
    }),
  /** Mails a code to the new address (step one of a change of address, or another code). */
  requestEmailChange: () =>
    mutationOptions({
      mutationFn: (newEmail: string) =>
        authCall((client, fetchOptions) => client.emailOtp.requestEmailChange({ newEmail, fetchOptions })),
    }),
  /** Step two: the code mailed to `newEmail` makes it the account's address. */
  changeEmail: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: ({ newEmail, otp }: { newEmail: string; otp: string }) =>
        authCall((client, fetchOptions) => client.emailOtp.changeEmail({ newEmail, otp, fetchOptions })),
      onSuccess: () => refreshSession(queryClient),
    }),
  /** Unlinks a provider: it no longer signs in to this account (the e-mail code always does). */
  unlinkProvider: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (accountId: string) =>
        authCall((client, fetchOptions) => client.unlinkAccount({ accountId, fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.providers }),
    }),
  /** Ends every session but this one; the list of devices is read again. */
  revokeOtherSessions: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: () => authCall((client, fetchOptions) => client.revokeOtherSessions({ fetchOptions })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
    }),
  /**
   * Ends every session, this one too. The cached session becomes null, so the login guard lets the
   * visitor in; the caller drops the rest (`forgetOtherQueries`) once the account's screens are gone.
   */
  revokeSessions: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: () => authCall((client, fetchOptions) => client.revokeSessions({ fetchOptions })),
      onSuccess: () => {
        queryClient.setQueryData(authKeys.session, null);
      },
    }),
  /**
   * Deletes the account. The cached session becomes null, as for a sign-out; the caller drops the rest
   * (`forgetOtherQueries`) once the account's screens are gone.
   */
  deleteAccount: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: () => authCall((client, fetchOptions) => client.deleteUser({ fetchOptions })),
      onSuccess: () => {
        queryClient.setQueryData(authKeys.session, null);
      },
    }),
};
