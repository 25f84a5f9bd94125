import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { failureCode, translateError } from '@/lib/translate-error';
import { refreshSession, signInCalls } from '../queries';
import { afterSignIn } from '../redirect';
import { LastUsedMark } from './last-used-mark';

/** The browser's own "cancelled" or "nothing chosen" answers: the visitor knows, nothing to say. */
export function passkeyCancelled(error: unknown): boolean {
  const code = failureCode(error);
  return code === undefined || code === 'AUTH_CANCELLED' || code.startsWith('ERROR_');
}

/**
 * "Sign in with a passkey" on /login, and the browser's passkey suggestions under the e-mail field
 * (conditional mediation) where the browser offers them: both end signed in and on the way to `redirect`.
 * The passkey code (better-auth's client and @simplewebauthn, 17 kB gzip) downloads on the first focus of
 * `autofillField` (where the suggestions show) or a click, not with the page: most visitors sign in by code.
 */
export function PasskeySignIn({
  redirect,
  autofillField,
  lastUsed,
  onError,
}: {
  redirect: string;
  autofillField: RefObject<HTMLInputElement | null>;
  /** This browser signed in with a passkey last. */
  lastUsed: boolean;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);

  const signIn = async (autoFill: boolean) => {
    try {
      await signInCalls.signInWithPasskey(autoFill);
    } catch (error) {
      if (mounted.current && !passkeyCancelled(error)) onError(translateError(t, error));
      return;
    }
    if (!mounted.current) return;
    const session = await refreshSession(queryClient);
    await navigate({ href: afterSignIn(redirect, session?.user.role), replace: true });
  };

  useEffect(() => {
    mounted.current = true;
    const field = autofillField.current;
    // Suggestions wait for a choice for as long as the page is open; a click on the button replaces them.
    const offerSuggestions = async () => {
      const available = await window.PublicKeyCredential?.isConditionalMediationAvailable?.();
      if (available && mounted.current) await signIn(true);
    };
    const onFocus = () => void offerSuggestions();
    field?.addEventListener('focus', onFocus, { once: true });
    return () => {
      mounted.current = false;
      field?.removeEventListener('focus', onFocus);
    };
    // Once per visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onClick = async () => {
    onError(null);
    setPending(true);
    try {
      await signIn(false);
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      className="relative w-full"
      disabled={pending}
      aria-busy={pending}
      onClick={() => void onClick()}
    >
      <KeyRound aria-hidden />
      {t('login.passkey')}
      {lastUsed ? <LastUsedMark /> : null}
    </Button>
  );
}
