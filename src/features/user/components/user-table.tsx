import { Link } from '@tanstack/react-router';
import { Eye, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { menuItemClass } from '@/components/layout/menu-popover';
import { Avatar } from '@/components/ui/avatar';
import { type DataTableOptions, tableRowLinkClass } from '@/components/ui/data-table';
import { TextLine } from '@/components/ui/text-line';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { cn } from '@/lib/utils';
import type { UserListItem } from '../schema';
import type { UserListView, UserSort } from '../search';
import { DeleteUserDialog } from './delete-user-dialog';
import { RoleBadges, StatusBadge } from './user-badges';
import { dateTimeFormat } from '@/lib/intl';

type Viewer = { id: string | undefined; canUpdate: boolean; canDelete: boolean };

/**
 * The user table: name (with the address under it while the table is too narrow for its own column),
 * e-mail, role, status, creation date, and a menu per row with what the viewer may do (never deleting
 * themselves, as on the detail page). Name, e-mail and date headers sort the list.
 */
export function useUserTable(
  view: UserListView,
  onViewChange: (change: Partial<UserListView>) => void,
): DataTableOptions<UserListItem, UserSort> {
  const { t, i18n } = useTranslation('user');
  const viewer = useSession()?.user;
  const can: Viewer = {
    id: viewer?.id,
    canUpdate: roleCan(viewer?.role, { user: ['update'] }),
    canDelete: roleCan(viewer?.role, { user: ['delete'] }),
  };
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    columns: [
      {
        id: 'name',
        header: t('list.columns.name'),
        sort: { key: 'name', first: 'asc' },
        cell: (user) => <NameCell user={user} />,
      },
      {
        id: 'email',
        header: t('list.columns.email'),
        sort: { key: 'email', first: 'asc' },
        className: 'w-[30%] @max-4xl:hidden',
        cell: (user) => <TextLine className="text-muted-foreground">{user.email}</TextLine>,
      },
      {
        id: 'role',
        header: t('list.columns.role'),
        className: 'w-28 @max-2xl:hidden',
        cell: (user) => (
          <span className="flex flex-wrap gap-1">
            <RoleBadges role={user.role} />
          </span>
        ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        className: 'w-40',
        cell: (user) => <StatusBadge status={user.status} banExpires={user.banExpires} />,
      },
      {
        id: 'created',
        header: t('list.columns.created'),
        align: 'end',
        sort: { key: 'created', first: 'desc' },
        className: 'w-32 @max-xl:hidden',
        cell: (user) => (
          <time dateTime={user.createdAt} className="whitespace-nowrap text-muted-foreground">
            {date.format(new Date(user.createdAt))}
          </time>
        ),
      },
    ],
    sort: { sort: view.sort, order: view.order },
    onSortChange: onViewChange,
    rowMenu: {
      name: (user) => user.name || user.email,
      items: (user) => <RowMenuItems user={user} viewer={can} />,
    },
  };
}

function NameCell({ user }: { user: UserListItem }) {
  const { t } = useTranslation('user');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} email={user.email} image={user.image} size="sm" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link to="/manager/users/$id" params={{ id: user.id }} className={cn(tableRowLinkClass, 'min-w-0')}>
          <TextLine>{user.name || t('noName')}</TextLine>
        </Link>
        {/* The address has its own column once the table is wide enough. */}
        <TextLine className="text-xs text-muted-foreground @4xl:hidden">{user.email}</TextLine>
      </div>
    </div>
  );
}

function RowMenuItems({ user, viewer }: { user: UserListItem; viewer: Viewer }) {
  const { t } = useTranslation('user');
  return (
    <>
      <Link to="/manager/users/$id" params={{ id: user.id }} className={menuItemClass}>
        <Eye aria-hidden />
        {t('common:dataTable.view')}
      </Link>
      {viewer.canUpdate ? (
        <Link to="/manager/users/$id/update" params={{ id: user.id }} className={menuItemClass}>
          <Pencil aria-hidden />
          {t('detail.edit')}
        </Link>
      ) : null}
      {viewer.canDelete && viewer.id !== user.id ? (
        // Apart at the end, as on the user page's menu: it cannot be undone.
        <div className="mt-1 border-t pt-1">
          <DeleteUserDialog user={user} from="list" />
        </div>
      ) : null}
    </>
  );
}
