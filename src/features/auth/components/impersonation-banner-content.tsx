import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { UserRoundCog } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { authMutations } from '../queries';
import type { SessionInfo } from '../schema';

/**
 * Who the admin is signed in as, and "Stop impersonating", which returns to the admin's own session and
 * that user's page in the manager area. Loaded by ImpersonationBanner (./impersonation-banner.tsx).
 */
export function ImpersonationBannerContent({ impersonated }: { impersonated: SessionInfo['user'] }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const router = useRouter();
  const headingId = useId();
  const stopImpersonating = useMutation(authMutations.stopImpersonating(queryClient));
  const { run } = useSubmit();
  // Kept past the mutation: the button stays busy until the admin's page is on screen.
  const [pending, setPending] = useState(false);
  const stop = async () => {
    setPending(true);
    await run(
      // Drops what was cached for the impersonated user's view and reads the admin's session again.
      () => stopImpersonating.mutateAsync(),
      () => router.navigate({ to: '/manager/users/$id', params: { id: impersonated.id } }),
    );
    setPending(false);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="border-b border-amber-600/40 bg-amber-100 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <UserRoundCog aria-hidden className="size-5 shrink-0" />
        <p id={headingId} className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">
          <Trans
            t={t}
            i18nKey="impersonation.signedInAs"
            values={{ name: impersonated.name || impersonated.email }}
            components={{ name: <bdi dir="auto" className="font-semibold" /> }}
          />
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-amber-700/50 bg-transparent hover:bg-amber-200 dark:hover:bg-amber-900"
          onClick={() => void stop()}
          disabled={pending}
          aria-busy={pending}
        >
          {t('impersonation.stop')}
        </Button>
      </div>
    </section>
  );
}
