import { billingMode } from '@/features/billing/stripe.server';
import { createServerFn } from '@tanstack/react-start';
import { requestSession } from '@/server/auth/session';
import { isDemoMode, serverEnv } from '@/server/env';
import { recordRequestUser } from '@/server/http/request-context';
import { completeOnboarding } from './data.server';
import { authMiddleware } from './middleware';
import { type AuthConfig, type SessionInfo, zOnboardingForm } from './schema';

/** The signed-in visitor (or null), read from the session cookie on the server. */
export const $getSession = createServerFn({ method: 'GET' }).handler(
  async (): Promise<SessionInfo | null> => {
    const result = await requestSession();
    if (!result) return null;
    const { user, session } = result;
    recordRequestUser(user.id);
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        role: user.role ?? null,
        onboardedAt: user.onboardedAt ? new Date(user.onboardedAt).toISOString() : null,
      },
      session: {
        id: session.id,
        impersonatedBy: session.impersonatedBy ?? null,
        activeOrganizationId: session.activeOrganizationId ?? null,
      },
    };
  },
);

/** What the sign-in screens need to know: sign-up on or off, demo, and the configured providers. */
export const $getAuthConfig = createServerFn({ method: 'GET' }).handler(async (): Promise<AuthConfig> => {
  const env = serverEnv();
  const demo = isDemoMode();
  const providers: AuthConfig['providers'] = [];
  if (env.GITHUB_CLIENT_ID) providers.push({ id: 'github', name: 'GitHub', kind: 'social' });
  if (env.GOOGLE_CLIENT_ID) providers.push({ id: 'google', name: 'Google', kind: 'social' });
  if (env.OIDC_ISSUER) providers.push({ id: 'oidc', name: env.OIDC_NAME, kind: 'oidc' });
  return {
    signUpEnabled: env.AUTH_SIGN_UP === 'true' && !demo,
    demo,
    development: env.NODE_ENV === 'development',
    devInboxUrl: env.NODE_ENV === 'development' ? (env.DEV_INBOX_URL ?? null) : null,
    providers,
    billing: billingMode() !== 'off',
  };
});

/** Onboarding: saves the name the user chose and marks the account onboarded. */
export const $completeOnboarding = createServerFn({ method: 'POST' })
  .middleware([authMiddleware])
  .validator(zOnboardingForm)
  .handler(async ({ data, context }) => {
    await completeOnboarding(context.user.id, data.name);
    return { ok: true as const };
  });
