import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useSessionDevice } from '@/components/ui/session-item';
import { SessionGroup, SessionList } from '@/components/ui/session-list';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { userMutations, userSessionsQuery } from '../queries';
import type { SessionView } from '@/lib/session-view';

/**
 * A user's active sessions for an admin: device, IP and dates (never the token), with "Revoke" on each
 * (not on the viewer's own current one: that is sign-out) and "Revoke all", each confirmed.
 */
export function UserSessionsCard({ userId }: { userId: string }) {
  const { t } = useTranslation('user');
  const viewer = useSession();
  const queryClient = useQueryClient();
  // Browser only: dates are shown in the viewer's time zone, which the server does not know.
  const sessions = useQuery(userSessionsQuery(userId));
  const mayRevoke = roleCan(viewer?.user.role, { session: ['revoke'] });
  // Each reads the user (and so these sessions) again before its dialog closes.
  const revokeSession = useMutation(userMutations.revokeSession(queryClient, userId));
  const revokeSessions = useMutation(userMutations.revokeSessions(queryClient, userId));

  const { run } = useSubmit({ scopes: ['user:sessions.errors', 'user:errors'] });

  // By id: the screen never holds tokens; the server looks the token up (rules.server.ts).
  const revoke = (sessionId: string) =>
    run(
      () => revokeSession.mutateAsync(sessionId),
      () => toast.success(t('sessions.revoked')),
    );
  const revokeAll = () =>
    run(
      () => revokeSessions.mutateAsync(),
      () => toast.success(t('sessions.revokedAll')),
    );

  const list = sessions.data ?? [];
  return (
    <SectionCard
      title={t('sessions.title')}
      description={t('sessions.description')}
      actions={
        mayRevoke && list.some((s) => !s.current) ? (
          <ConfirmDialog
            description={t('sessions.revokeAllConfirm')}
            confirmLabel={t('sessions.revokeAll')}
            variant="destructive"
            onConfirm={revokeAll}
          >
            <Button variant="outline" size="sm">
              {t('sessions.revokeAll')}
            </Button>
          </ConfirmDialog>
        ) : null
      }
    >
      <SessionList query={sessions}>
        {(all) => (
          <SessionGroup
            sessions={all}
            empty={t('sessions.none')}
            markCurrent
            action={(session) =>
              mayRevoke && !session.current ? (
                <RevokeButton session={session} onRevoke={() => revoke(session.id)} />
              ) : null
            }
          />
        )}
      </SessionList>
    </SectionCard>
  );
}

function RevokeButton({ session, onRevoke }: { session: SessionView; onRevoke: () => Promise<unknown> }) {
  const { t } = useTranslation('user');
  const device = useSessionDevice(session);
  return (
    <ConfirmDialog
      description={t('sessions.revokeConfirm', { device })}
      confirmLabel={t('sessions.revoke')}
      variant="destructive"
      onConfirm={onRevoke}
    >
      <Button variant="outline" size="sm" className="ms-auto self-start">
        {t('sessions.revoke')} <span className="sr-only">{device}</span>
      </Button>
    </ConfirmDialog>
  );
}
