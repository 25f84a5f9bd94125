import { adminClient, emailOTPClient, organizationClient } from 'better-auth/client/plugins';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/react';
import { ac, organizationAc, organizationRoles, roles } from './permissions';

/**
 * better-auth's browser client on this host under /api/auth (credentials included). It refreshes its own
 * session signal ~10 ms after sign-out, update-user, sign-in… calls; screens read the session from the
 * Query cache (`authQueries.session()`), which the calling code refreshes.
 *
 * Generic OAuth providers (`oidc`) have no client plugin in this better-auth version: they are started
 * with `signIn.social({ provider: 'oidc' })` like the built-in ones.
 *
 * Only `authRequest` (./client.ts) loads this module, on the first auth call: no page needs the client
 * before someone submits a form or presses a button (docs/performance.md#lazy-loaders).
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    emailOTPClient(),
    adminClient({ ac, roles }),
    organizationClient({ ac: organizationAc, roles: organizationRoles, teams: { enabled: true } }),
    passkeyClient(),
  ],
});

export type AuthClient = typeof authClient;
