import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from '@/components/layout/top-bar';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { userQueries } from '../queries';
import type { UserDetail } from '../schema';
import { UserBanActions } from './ban-actions';
import { DeleteUserDialog } from './delete-user-dialog';
import { ImpersonateButton } from './impersonate-button';
import { SetRoleDialog } from './set-role-dialog';
import { RoleBadges, StatusBadge } from './user-badges';
import { UserSessionsCard } from './user-sessions-card';

/**
 * One user: profile, status and the actions the viewer's role allows (never role or deletion on their own
 * page; the server decides anyway), then the activity the route passes in.
 */
export function UserDetailPage({ id, activity }: { id: string; activity?: ReactNode }) {
  const { t } = useTranslation('user');
  const { data: user } = useSuspenseQuery(userQueries.detail(id));
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar
        title={<bdi>{user.name || user.email}</bdi>}
        backTo="/manager/users"
        className="md:static md:border-b-0 md:bg-transparent"
      />
      <div className="grid gap-6 px-4 py-6 sm:px-6">
        <ProfileCard user={user} />
        <UserActions user={user} />
        <UserSessionsCard userId={user.id} />
        {activity ? <SectionCard title={t('detail.activity')}>{activity}</SectionCard> : null}
      </div>
    </main>
  );
}

function ProfileCard({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation('user');
  const format = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>
        {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )}
      </time>
    ) : (
      t('detail.never')
    );
  const banned = user.status === 'banned';
  return (
    <SectionCard title={t('detail.profile')}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={user.name} email={user.email} image={user.image} size="lg" />
        <div className="grid min-w-0 gap-1">
          <p dir="auto" className="text-lg font-medium">
            {user.name || t('noName')}
          </p>
          <div className="flex flex-wrap gap-1">
            <RoleBadges role={user.role} />
            <StatusBadge status={user.status} banExpires={user.banExpires} />
          </div>
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t('detail.email')}>
          <bdi dir="ltr" className="break-all">
            {user.email}
          </bdi>
        </Item>
        <Item label={t('detail.verified')}>{user.emailVerified ? t('detail.yes') : t('detail.no')}</Item>
        <Item label={t('detail.created')}>{format(user.createdAt)}</Item>
        <Item label={t('detail.onboarded')}>{format(user.onboardedAt)}</Item>
        <Item label={t('detail.lastSignIn')}>{format(user.lastSignInAt)}</Item>
        {banned ? (
          <>
            <Item label={t('detail.banEnds')}>
              {user.banExpires ? format(user.banExpires) : t('detail.banPermanent')}
            </Item>
            <Item label={t('detail.banReason')}>
              <span dir="auto" className="break-words whitespace-pre-line">
                {user.banReason || t('detail.noReason')}
              </span>
            </Item>
          </>
        ) : null}
      </dl>
    </SectionCard>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-start">{children}</dd>
    </div>
  );
}

function UserActions({ user }: { user: UserDetail }) {
  const { t } = useTranslation('user');
  const viewer = useSession()?.user;
  const self = viewer?.id === user.id;
  const can = (action: 'update' | 'set-role' | 'delete') => roleCan(viewer?.role, { user: [action] });
  return (
    <SectionCard title={t('detail.actions')}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {can('update') ? (
          <Link
            to="/manager/users/$id/update"
            params={{ id: user.id }}
            className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}
          >
            <Pencil aria-hidden />
            {t('detail.edit')}
          </Link>
        ) : null}
        {!self && can('set-role') ? <SetRoleDialog user={user} /> : null}
        <UserBanActions user={{ ...user, banned: user.status === 'banned' }} />
        <ImpersonateButton user={user} />
        {!self && can('delete') ? <DeleteUserDialog user={user} /> : null}
      </div>
    </SectionCard>
  );
}
