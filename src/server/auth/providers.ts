import '@tanstack/react-start/server-only';
// The sign-in providers the environment configures: GitHub and Google (better-auth's built-in ones) and
// any OpenID Connect server (generic OAuth, provider id `oidc`). With sign-up off, a provider signs in
// only the accounts that exist.
import { genericOAuth } from 'better-auth/plugins';
import type { ServerEnv } from '@/server/env';

export function socialProviders(env: ServerEnv, signUpEnabled: boolean) {
  return {
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? {
          github: {
            clientId: env.GITHUB_CLIENT_ID,
            clientSecret: env.GITHUB_CLIENT_SECRET,
            disableImplicitSignUp: !signUpEnabled,
          },
        }
      : {}),
    ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            disableImplicitSignUp: !signUpEnabled,
          },
        }
      : {}),
  };
}

/** The generic OAuth plugin for the configured OpenID Connect server, if any. */
export function oidcPlugins(env: ServerEnv, signUpEnabled: boolean) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: 'oidc',
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          disableImplicitSignUp: !signUpEnabled,
        },
      ],
    }),
  ];
}
