import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { signInCalls } from '../queries';
import { safeRedirect } from '../redirect';
import type { AuthProvider } from '../schema';
import { translateError } from '@/lib/translate-error';
import { LastUsedMark } from './last-used-mark';

/**
 * One button per configured provider. better-auth answers with the provider's URL and its client sends the
 * browser there; the provider comes back to `callbackURL` (`/` picks the area by role) or, on failure, to
 * /login/error.
 */
export function ProviderButtons({
  providers,
  signUp,
  redirect,
  lastUsed,
  onError,
}: {
  providers: AuthProvider[];
  signUp: boolean;
  redirect: string;
  /** How this browser signed in last: that provider's button is marked. */
  lastUsed: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('auth');
  const [pending, setPending] = useState<AuthProvider['id'] | null>(null);

  const start = async (provider: AuthProvider) => {
    onError(null);
    setPending(provider.id);
    // Generic OAuth ("oidc") goes through the same endpoint as the built-in providers in this version.
    try {
      await signInCalls.signInSocial({
        provider: provider.id,
        callbackURL: safeRedirect(redirect) ?? '/',
        errorCallbackURL: '/login/error',
      });
    } catch (error) {
      onError(translateError(t, error));
      setPending(null);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          className="relative w-full"
          disabled={pending !== null}
          aria-busy={pending === provider.id}
          onClick={() => void start(provider)}
        >
          <LogIn aria-hidden className="rtl:-scale-x-100" />
          <span className="truncate">
            {t(signUp ? 'login.providerSignUp' : 'login.provider', { provider: provider.name })}
          </span>
          {lastUsed === provider.id ? <LastUsedMark /> : null}
        </Button>
      ))}
    </div>
  );
}
