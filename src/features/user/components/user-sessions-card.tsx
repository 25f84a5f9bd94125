import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { type AuthError, authRequest } from '@/lib/auth-client';
import { translateUserError } from '../errors';
import type { $listUserSessions } from '../functions';
import { userKeys, userSessionsQuery } from '../queries';

type UserSession = Awaited<ReturnType<typeof $listUserSessions>>[number];

const MOBILE_OS = /android|ios|iphone|ipad/i;

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

  const done = async (error: AuthError | null, success: string) => {
    if (error) {
      const code = error.code ?? '';
      const message = t(`sessions.errors.${code}`, { defaultValue: translateUserError(t, error) ?? '' });
      if (message) toast.error(message);
      return;
    }
    toast.success(success);
    await queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
  };

  const revoke = async (sessionId: string) => {
    // By id: the screen never holds tokens; the server looks the token up (admin-hooks.ts).
    const { error } = await authRequest((client, fetchOptions) =>
      client.$fetch<{ success: boolean }>('/admin/revoke-user-session', {
        method: 'POST',
        body: { sessionId },
        ...fetchOptions,
      }),
    );
    await done(error, t('sessions.revoked'));
  };

  const revokeAll = async () => {
    const { error } = await authRequest((client, fetchOptions) =>
      client.admin.revokeUserSessions({ userId, fetchOptions }),
    );
    await done(error, t('sessions.revokedAll'));
  };

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
      {sessions.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <p className="sr-only">{t('sessions.loading')}</p>
          <Skeleton className="h-20" />
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>{t('sessions.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
            {t('sessions.retry')}
          </Button>
        </div>
      ) : list.length ? (
        <ul className="grid gap-2">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onRevoke={mayRevoke && !session.current ? () => revoke(session.id) : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('sessions.none')}</p>
      )}
    </SectionCard>
  );
}

function SessionRow({ session, onRevoke }: { session: UserSession; onRevoke?: () => Promise<void> }) {
  const { t, i18n } = useTranslation('user');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const browser = session.browser ?? t('sessions.unknownBrowser');
  const os = session.os ?? t('sessions.unknownOs');
  const Icon = MOBILE_OS.test(session.os ?? '') ? Smartphone : Monitor;
  const dates = [
    ['lastActive', session.updatedAt],
    ['created', session.createdAt],
    ['expires', session.expiresAt],
  ] as const;
  return (
    <li className="flex flex-wrap gap-3 rounded-md border p-3" data-testid="user-session">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="min-w-0 [overflow-wrap:anywhere]">{t('sessions.browserOn', { browser, os })}</span>
          {session.current ? <Badge variant="secondary">{t('sessions.current')}</Badge> : null}
          {session.impersonated ? <Badge variant="outline">{t('sessions.impersonation')}</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('sessions.ip')}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {session.ipAddress ? (
                <bdi dir="ltr">{session.ipAddress}</bdi>
              ) : (
                t(session.ipHidden ? 'sessions.ipHidden' : 'sessions.unknownIp')
              )}
            </dd>
          </div>
          {dates.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-muted-foreground">{t(`sessions.${key}`)}</dt>
              <dd>
                <time dateTime={value}>{format.format(new Date(value))}</time>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {onRevoke ? (
        <ConfirmDialog
          description={t('sessions.revokeConfirm', { browser, os })}
          confirmLabel={t('sessions.revoke')}
          variant="destructive"
          onConfirm={onRevoke}
        >
          <Button variant="outline" size="sm" className="ms-auto self-start">
            {t('sessions.revoke')} <span className="sr-only">{t('sessions.browserOn', { browser, os })}</span>
          </Button>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
