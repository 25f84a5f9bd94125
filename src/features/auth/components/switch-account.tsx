import { useLocation } from '@tanstack/react-router';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TextLine } from '@/components/ui/text-line';
import type { SessionInfo } from '../schema';
import { useSignOut } from '../use-sign-out';

/**
 * On the 403 page: who is signed in, and a way to sign in with another account. It signs out at once (the
 * button says what it does, so no confirmation) and opens sign-in with this page as `redirect`, so the
 * other account lands where this one was refused.
 */
export function SwitchAccount({ user }: { user: SessionInfo['user'] }) {
  const { t } = useTranslation('auth');
  const href = useLocation({ select: (location) => location.href });
  const signOut = useSignOut({ redirect: href });
  const [pending, setPending] = useState(false);
  const switchAccount = async () => {
    setPending(true);
    try {
      await signOut();
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mt-10 flex w-full flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-start">
      <div className="flex min-w-0 flex-1 basis-40 items-center gap-3">
        <Avatar name={user.name} email={user.email} image={user.image} size="sm" />
        <div className="grid min-w-0 text-sm">
          <span className="text-muted-foreground">{t('switchAccount.signedInAs')}</span>
          <TextLine className="font-medium">{user.email}</TextLine>
        </div>
      </div>
      <Button
        variant="outline"
        onClick={() => void switchAccount()}
        disabled={pending}
        className="h-auto min-h-10 whitespace-normal max-sm:w-full"
      >
        <ArrowLeftRight aria-hidden />
        {t('switchAccount.action')}
      </Button>
    </div>
  );
}
