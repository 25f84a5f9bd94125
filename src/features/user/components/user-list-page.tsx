import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SlidersHorizontal, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button';
import { DataList } from '@/components/ui/data-list';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { TextLine } from '@/components/ui/text-line';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { userQueries } from '../queries';
import type { UserListItem } from '../schema';
import type { UserListView } from '../search';
import { RoleBadges, StatusBadge } from './user-badges';
import { activeFilterCount, UserListControls } from './user-list-controls';
import { useUserTable } from './user-table';

/**
 * Users, searchable by name or e-mail, filtered by role and status, in the chosen order: a table from
 * 768 px (sortable headers, a menu per row) under the filters; on a phone a list of rows, the filters and
 * order behind one "Filters" button so the first rows are in view.
 */
export function UserListPage({
  view,
  onViewChange,
  viewActions,
}: {
  view: UserListView;
  onViewChange: (change: Partial<UserListView>) => void;
  /** Actions on the current view, composed by the route (Save view). */
  viewActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const { t: tu } = useTranslation('user');
  const session = useSession();
  const query = useInfiniteQuery(userQueries.list(view));
  const table = useUserTable(view, onViewChange);
  const canCreate = roleCan(session?.user.role, { user: ['create'] });
  return (
    <Page
      title={t('user:pages.list')}
      actions={
        <div className="flex items-center gap-2">
          {viewActions}
          {canCreate ? (
            <Link to="/manager/users/new" className={buttonVariants()}>
              <UserPlus aria-hidden />
              {tu('list.new')}
            </Link>
          ) : null}
        </div>
      }
    >
      <div className="mb-4 grid gap-3">
        <div className="flex gap-2">
          <SearchInput
            value={view.searchTerm}
            onChange={(searchTerm) => onViewChange({ searchTerm })}
            className="min-w-0 flex-1 sm:max-w-none"
          />
          <ListOptionsDialog
            label={t('listOptions.filters')}
            icon={SlidersHorizontal}
            activeCount={activeFilterCount(view)}
            onReset={() => onViewChange({ role: '', status: '' })}
            className="md:hidden"
          >
            <UserListControls view={view} onChange={onViewChange} stacked />
          </ListOptionsDialog>
        </div>
        <UserListControls view={view} onChange={onViewChange} className="max-md:hidden" />
      </div>
      <DataList
        query={query}
        label={t('user:pages.list')}
        getKey={(item) => item.id}
        renderItem={(item) => <UserRow user={item} />}
        table={table}
        searchTerm={view.searchTerm}
        onClearSearch={() => onViewChange({ searchTerm: '' })}
      />
    </Page>
  );
}

function UserRow({ user }: { user: UserListItem }) {
  const { t, i18n } = useTranslation('user');
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(user.createdAt),
  );
  return (
    <Link
      to="/manager/users/$id"
      params={{ id: user.id }}
      className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <Avatar name={user.name} email={user.email} image={user.image} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <TextLine className="font-medium">{user.name || t('noName')}</TextLine>
          <RoleBadges role={user.role} />
          <StatusBadge status={user.status} banExpires={user.banExpires} />
        </span>
        <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 text-sm text-muted-foreground">
          <TextLine>{user.email}</TextLine>
          <span className="shrink-0">{t('list.created', { date: created })}</span>
        </span>
      </span>
    </Link>
  );
}
