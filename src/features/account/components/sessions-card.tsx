import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { forgetOtherQueries } from '@/features/auth/queries';
import { accountMutations, accountQueries } from '../queries';
import { SessionGroup, SessionList } from '@/components/ui/session-list';

/**
 * This device and the user's other active sessions, with "Sign out other sessions" and "Sign out
 * everywhere" (which ends this session too and leads to /login), each behind a confirmation.
 */
export function SessionsCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Fetched in the browser only: dates are shown in the visitor's time zone, which the server does not know.
  const sessions = useQuery(accountQueries.sessions());
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const revokeOtherSessions = useMutation(accountMutations.revokeOtherSessions(queryClient));
  const revokeSessions = useMutation(accountMutations.revokeSessions(queryClient));

  const { run } = useSubmit({ scopes: ['account:errors'] });

  const signOutOthers = () =>
    run(
      // The list of devices is read again before the dialog closes.
      () => revokeOtherSessions.mutateAsync(),
      () => toast.success(t('sessions.signedOutOthers')),
    );

  const signOutEverywhere = () =>
    run(
      // Empties the cached session, which the login guard reads, before going there.
      () => revokeSessions.mutateAsync(),
      async () => {
        toast.success(t('sessions.signedOutEverywhere'));
        await navigate({ to: '/login', replace: true });
        // Only once the account's screens are gone: removing their queries under them would refetch them.
        forgetOtherQueries(queryClient);
      },
    );

  return (
    <SectionCard title={t('sessions.title')} description={t('sessions.description')}>
      <SessionList query={sessions}>
        {(list) => (
          <>
            <SessionGroup title={t('sessions.thisDevice')} sessions={list.filter((s) => s.current)} />
            <SessionGroup title={t('sessions.others')} sessions={others} empty={t('sessions.noOthers')} />
          </>
        )}
      </SessionList>
      <div className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
        <ConfirmDialog
          description={t('sessions.signOutOthersConfirm')}
          confirmLabel={t('sessions.signOutOthers')}
          onConfirm={signOutOthers}
        >
          <Button variant="outline" disabled={!others.length}>
            {t('sessions.signOutOthers')}
          </Button>
        </ConfirmDialog>
        <ConfirmDialog
          description={t('sessions.signOutEverywhereConfirm')}
          confirmLabel={t('sessions.signOutEverywhere')}
          variant="destructive"
          onConfirm={signOutEverywhere}
        >
          <Button variant="outline">{t('sessions.signOutEverywhere')}</Button>
        </ConfirmDialog>
      </div>
    </SectionCard>
  );
}
