import { Link } from '@tanstack/react-router';
import { AppWindow, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuPopover } from '@/components/layout/menu-popover';
import { useSidebarOpen } from '@/components/layout/sidebar-context';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Avatar } from '@/components/ui/avatar';
import { TextLine } from '@/components/ui/text-line';
import { cn } from '@/lib/utils';
import { roleCan } from '../permissions';
import { useSession } from '../queries';
import { useSignOut } from '../use-sign-out';

const itemClass =
  'flex h-9 w-full items-center gap-2 rounded-md px-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The signed-in user's menu: who they are, their account, display preferences (`preferences`), the
 * end-user app when their role may open it, and Sign Out (confirmed). At the sidebar's foot it opens
 * upwards and shrinks to the avatar with the sidebar; in a top bar it is the avatar alone.
 */
export function UserMenu({
  placement,
  accountTo,
  preferences,
  className,
}: {
  placement: 'sidebar' | 'topbar';
  accountTo: string;
  preferences?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const session = useSession();
  const sidebarOpen = useSidebarOpen();
  const signOut = useSignOut();
  if (!session) return null;
  const { user } = session;
  const iconOnly = placement === 'topbar' || sidebarOpen === false;

  return (
    <MenuPopover
      label={t('userMenu.label')}
      placement={placement === 'sidebar' ? 'up' : 'down'}
      className={className}
      trigger={
        <>
          <Avatar name={user.name} email={user.email} image={user.image} size="sm" />
          <span className={cn('grid min-w-0 flex-1 text-sm', iconOnly && 'sr-only')}>
            <TextLine className="font-medium">{user.name}</TextLine>
            <TextLine className="text-xs text-muted-foreground">{user.email}</TextLine>
          </span>
        </>
      }
    >
      <div className="grid gap-1">
        <div className="flex items-center gap-2 border-b px-2 pt-1 pb-2">
          <Avatar name={user.name} email={user.email} image={user.image} size="sm" />
          <div className="grid min-w-0 text-sm">
            <TextLine className="font-medium">{user.name}</TextLine>
            <span className="truncate text-xs text-muted-foreground">
              {t('userMenu.signedInAs', { email: `\u2068${user.email}\u2069` })}
            </span>
          </div>
        </div>
        <Link to={accountTo} className={itemClass}>
          <UserRound aria-hidden className="size-4" />
          {t('nav.account')}
        </Link>
        {roleCan(user.role, { apps: ['app'] }) ? (
          <Link to="/app" className={itemClass}>
            <AppWindow aria-hidden className="size-4" />
            {t('sidebar.openApp')}
          </Link>
        ) : null}
        {preferences ? <div className="grid gap-2 border-y px-1 py-2">{preferences}</div> : null}
        <ConfirmDialog description={tAuth('signOut.description')} onConfirm={signOut}>
          <button type="button" className={itemClass}>
            <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />
            {tAuth('signOut.action')}
          </button>
        </ConfirmDialog>
      </div>
    </MenuPopover>
  );
}
