import { useQuery } from '@tanstack/react-query';
import { KeyRound, X } from 'lucide-react';
import { useHydrated } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { passkeyQueries } from '../queries';
import { useAddPasskey } from './use-add-passkey';

const DISMISSED_KEY = 'passkey-prompt-dismissed';

function dismissedFor(userId: string): boolean {
  try {
    return (localStorage.getItem(DISMISSED_KEY) ?? '').split(',').includes(userId);
  } catch {
    return true;
  }
}

function dismiss(userId: string): void {
  try {
    const ids = (localStorage.getItem(DISMISSED_KEY) ?? '').split(',').filter(Boolean);
    localStorage.setItem(DISMISSED_KEY, [...ids.slice(-9), userId].join(','));
  } catch {
    // Storage refused (private mode): the prompt comes back next time, which is harmless.
  }
}

/**
 * The home page's one-time offer of a passkey, for a user who has none, in a browser that can make one.
 * "Not now" hides it for good on this browser; adding one hides it too. Not shown to an administrator
 * signed in as the user, nor in the demo (the route does not mount it there).
 */
export function PasskeyPrompt({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  // Decided after hydration: the server knows neither the browser nor its storage.
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const eligible =
    hydrated && !closed && typeof window.PublicKeyCredential === 'function' && !dismissedFor(userId);
  const passkeys = useQuery({ ...passkeyQueries.mine(), enabled: eligible });
  const add = useAddPasskey();
  if (!eligible || passkeys.data?.length !== 0) return null;

  const close = () => {
    dismiss(userId);
    setClosed(true);
  };
  return (
    <section
      aria-labelledby="passkey-prompt-title"
      className="mb-6 grid grid-cols-[auto_1fr] gap-x-3 gap-y-3 rounded-lg border bg-card p-4 sm:grid-cols-[auto_1fr_auto] sm:items-center"
    >
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 self-start text-primary" />
      <div className="grid min-w-0 gap-1">
        <h2 id="passkey-prompt-title" className="font-semibold text-balance">
          {t('passkeys.promptTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('passkeys.promptDescription')}</p>
      </div>
      {/* Under the text on a phone (aligned with it), beside it from `sm` up. */}
      <div className="col-start-2 flex flex-wrap items-center gap-2 sm:col-start-3">
        <Button
          size="sm"
          disabled={add.pending}
          aria-busy={add.pending}
          onClick={() => void add.run().then((added) => added && close())}
        >
          {t('passkeys.add')}
        </Button>
        <Button size="sm" variant="ghost" onClick={close}>
          <X aria-hidden />
          {t('passkeys.notNow')}
        </Button>
      </div>
    </section>
  );
}
