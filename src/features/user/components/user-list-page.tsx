import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SlidersHorizontal, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button';
import { DataList } from '@/components/ui/data-list';
import { ExportButton, exportHref } from '@/components/ui/export-button';
import { ListOptionsDialog } from '@/components/ui/list-options-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { SelectableRow, SelectModeButton, tableSelectionOf } from '@/components/ui/selection-bar';
import { TextLine } from '@/components/ui/text-line';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { usePageActions } from '@/hooks/use-page-actions';
import { lazyPart } from '@/lib/lazy-part';
import { useRowSelection } from '@/hooks/use-row-selection';
import { userQueries } from '../queries';
import type { UserListItem } from '../schema';
import { type UserListView, userBulkActions, userBulkPermissions } from '../search';
import { RoleBadges, StatusBadge } from './user-badges';
import { activeFilterCount, UserListControls } from './user-list-controls';
import { useUserTable } from './user-table';
import { dateTimeFormat } from '@/lib/intl';

// The bar, its dialogs and their form (zod, the ban's fields) are fetched on the first selection: most
// visits to the list select nothing.
const UserBulkBar = lazyPart(() => import('./user-bulk-bar').then((module) => module.UserBulkBar));

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
  const canSelect = userBulkActions.some((action) =>
    roleCan(session?.user.role, userBulkPermissions[action]),
  );
  const selection = useRowSelection(JSON.stringify(view));
  // On a phone rows open on a tap; "Select" turns them into boxes.
  const [selecting, setSelecting] = useState(false);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const first = query.data?.pages[0];
  const total = first && !first.totalCapped ? first.total : null;
  const rowName = (item: UserListItem) => item.name || item.email;
  const navigate = useNavigate();
  usePageActions(
    canCreate
      ? [
          {
            id: 'user-new',
            label: tu('list.new'),
            icon: UserPlus,
            run: () => void navigate({ to: '/manager/users/new' }),
          },
        ]
      : [],
  );
  return (
    <Page
      title={t('user:pages.list')}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {viewActions}
          <ExportButton
            href={exportHref('/api/export/users', view)}
            total={query.data?.pages[0]?.total}
            totalCapped={query.data?.pages[0]?.totalCapped}
            fallbackName="users.csv"
          />
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
          {canSelect ? <SelectModeButton selecting={selecting} onChange={setSelecting} /> : null}
        </div>
        <UserListControls view={view} onChange={onViewChange} className="max-md:hidden" />
      </div>
      <DataList
        query={query}
        label={t('user:pages.list')}
        getKey={(item) => item.id}
        renderItem={(item) =>
          selecting ? (
            <SelectableRow
              selected={selection.isSelected(item.id)}
              onToggle={() => selection.toggle(item.id, { range: false, order: [] })}
              label={tu('bulk.selectRow', { name: rowName(item) })}
            >
              <UserRowContent user={item} />
            </SelectableRow>
          ) : (
            <UserRow user={item} />
          )
        }
        table={
          canSelect
            ? {
                ...table,
                selection: tableSelectionOf(selection, items, (item) => item.id, {
                  row: (item) => tu('bulk.selectRow', { name: rowName(item) }),
                  page: tu('bulk.selectPage'),
                }),
              }
            : table
        }
        searchTerm={view.searchTerm}
        onClearSearch={() => onViewChange({ searchTerm: '' })}
      />
      {canSelect && (selection.allMatching || selection.ids.size > 0) ? (
        <UserBulkBar selection={selection} items={items} total={total} view={view} />
      ) : null}
    </Page>
  );
}

function UserRow({ user }: { user: UserListItem }) {
  return (
    <Link
      to="/manager/users/$id"
      params={{ id: user.id }}
      className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <Avatar name={user.name} email={user.email} image={user.image} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <UserRowContent user={user} />
      </span>
    </Link>
  );
}

/** A user's name, badges, address and creation date, as a list row shows them. */
function UserRowContent({ user }: { user: UserListItem }) {
  const { t, i18n } = useTranslation('user');
  const created = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(user.createdAt));
  return (
    <>
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <TextLine className="font-medium">{user.name || t('noName')}</TextLine>
        <RoleBadges role={user.role} />
        <StatusBadge status={user.status} banExpires={user.banExpires} />
      </span>
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 text-sm text-muted-foreground">
        <TextLine>{user.email}</TextLine>
        <span className="shrink-0">{t('list.created', { date: created })}</span>
      </span>
    </>
  );
}
