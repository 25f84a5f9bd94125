import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Ban, Ellipsis, type LucideIcon, Pencil, ShieldCheck, Trash2, UserRoundCog } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionItem } from '@/components/ui/description-item';
import { MenuPopover } from '@/components/layout/menu-popover';
import { TopBar } from '@/components/layout/top-bar';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { usePageActions } from '@/hooks/use-page-actions';
import { userQueries } from '../queries';
import type { UserDetail } from '../schema';
import { UserBanActions } from './ban-actions';
import { DeleteUserDialog } from './delete-user-dialog';
import { ImpersonateButton, mayImpersonate } from './impersonate-button';
import { SetRoleDialog } from './set-role-dialog';
import { RoleBadges, StatusBadge } from './user-badges';
import { UserSessionsCard } from './user-sessions-card';
import { dateTimeFormat } from '@/lib/intl';

/**
 * One user: profile, status and the actions the viewer's role allows (never role or deletion on their own
 * page; the server decides anyway), then the organizations and the activity the route passes in.
 */
export function UserDetailPage({
  id,
  organizations,
  passkeys,
  activity,
}: {
  id: string;
  organizations?: ReactNode;
  passkeys?: ReactNode;
  activity?: ReactNode;
}) {
  const { t } = useTranslation('user');
  const { data: user } = useSuspenseQuery(userQueries.detail(id));
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col">
      <TopBar
        title={<bdi>{user.name || user.email}</bdi>}
        backTo="/manager/users"
        actions={<UserActions user={user} />}
        className="md:static md:border-b-0 md:bg-transparent"
      />
      <div className="grid gap-6 px-4 py-6 sm:px-6">
        <ProfileCard user={user} />
        {organizations}
        <UserSessionsCard userId={user.id} />
        {passkeys}
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
        {dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))}
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
        <DescriptionItem label={t('detail.email')}>
          <bdi dir="ltr" className="break-all">
            {user.email}
          </bdi>
        </DescriptionItem>
        <DescriptionItem label={t('detail.verified')}>
          {user.emailVerified ? t('detail.yes') : t('detail.no')}
        </DescriptionItem>
        <DescriptionItem label={t('detail.created')}>{format(user.createdAt)}</DescriptionItem>
        <DescriptionItem label={t('detail.onboarded')}>{format(user.onboardedAt)}</DescriptionItem>
        <DescriptionItem label={t('detail.lastSignIn')}>{format(user.lastSignInAt)}</DescriptionItem>
        {banned ? (
          <>
            <DescriptionItem label={t('detail.banEnds')}>
              {user.banExpires ? format(user.banExpires) : t('detail.banPermanent')}
            </DescriptionItem>
            <DescriptionItem label={t('detail.banReason')}>
              <span dir="auto" className="break-words whitespace-pre-line">
                {user.banReason || t('detail.noReason')}
              </span>
            </DescriptionItem>
          </>
        ) : null}
      </dl>
    </SectionCard>
  );
}

type MenuAction = 'setRole' | 'ban' | 'impersonate' | 'remove';

/**
 * The page's actions in its top bar: Edit, the one primary action, and the rest in a menu, where deleting,
 * which cannot be undone, stands apart at the end. Each is shown only when the viewer's role allows it
 * (never role or deletion on their own page); the server decides anyway. The command palette offers the
 * same ones; a dialog it opens is shown alone, outside the menu.
 */
function UserActions({ user }: { user: UserDetail }) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const viewer = useSession()?.user;
  const self = viewer?.id === user.id;
  const can = (action: 'update' | 'set-role' | 'ban' | 'delete') => roleCan(viewer?.role, { user: [action] });
  const menu: Record<MenuAction, boolean> = {
    setRole: !self && can('set-role'),
    ban: !self && can('ban'),
    impersonate: mayImpersonate(viewer, user),
    remove: !self && can('delete'),
  };
  const [requested, setRequested] = useState<MenuAction | null>(null);
  const banned = user.status === 'banned';
  const offered: [MenuAction, string, LucideIcon][] = [
    ['setRole', t('setRole.action'), ShieldCheck],
    ['ban', banned ? t('ban.unban') : t('ban.action'), banned ? ShieldCheck : Ban],
    ['impersonate', t('impersonation.action'), UserRoundCog],
    ['remove', t('delete.action'), Trash2],
  ];
  usePageActions([
    ...(can('update')
      ? [
          {
            id: 'user-edit',
            label: t('detail.edit'),
            icon: Pencil,
            run: () => void navigate({ to: '/manager/users/$id/update', params: { id: user.id } }),
          },
        ]
      : []),
    ...offered
      .filter(([action]) => menu[action])
      .map(([action, label, icon]) => ({
        id: `user-${action}`,
        label,
        icon,
        run: () => setRequested(action),
      })),
  ]);
  const elsewhere = (action: MenuAction) =>
    requested === action
      ? { open: true, onOpenChange: (open: boolean) => (open ? undefined : setRequested(null)) }
      : null;
  const setRole = elsewhere('setRole');
  const ban = elsewhere('ban');
  const impersonate = elsewhere('impersonate');
  const remove = elsewhere('remove');
  return (
    <>
      {setRole ? <SetRoleDialog user={user} {...setRole} /> : null}
      {ban ? <UserBanActions user={{ ...user, banned }} {...ban} /> : null}
      {impersonate ? <ImpersonateButton user={user} {...impersonate} /> : null}
      {remove ? <DeleteUserDialog user={user} {...remove} /> : null}
      {can('update') ? (
        <Link
          to="/manager/users/$id/update"
          params={{ id: user.id }}
          className={buttonVariants({ variant: 'outline' })}
        >
          <Pencil aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('detail.edit')}</span>
        </Link>
      ) : null}
      {Object.values(menu).some(Boolean) ? (
        <MenuPopover
          label={t('detail.moreActions')}
          placement="down"
          triggerClassName={buttonVariants({ variant: 'outline', size: 'icon' })}
          trigger={<Ellipsis aria-hidden />}
        >
          <div className="grid gap-1">
            {menu.setRole ? <SetRoleDialog user={user} /> : null}
            {menu.ban ? <UserBanActions user={{ ...user, banned }} /> : null}
            {menu.impersonate ? <ImpersonateButton user={user} /> : null}
            {menu.remove ? (
              <div className="mt-1 border-t pt-1">
                <DeleteUserDialog user={user} />
              </div>
            ) : null}
          </div>
        </MenuPopover>
      ) : null}
    </>
  );
}
