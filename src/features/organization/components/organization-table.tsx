import { Link } from '@tanstack/react-router';
import { Eye, FolderGit2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { menuItemClass } from '@/components/layout/menu-popover';
import { type DataTableOptions, tableRowLinkClass } from '@/components/ui/data-table';
import { TextLine } from '@/components/ui/text-line';
import { cn } from '@/lib/utils';
import type { OrganizationListItem } from '../schema';
import type { OrganizationListView, OrganizationSort } from '../search';
import { dateTimeFormat, numberFormat } from '@/lib/intl';

/**
 * The organization table: name (with the slug under it), members, repositories, creation date, and a menu
 * per row (its page, its repositories). Name and date headers sort the list.
 */
export function useOrganizationTable(
  view: OrganizationListView,
  onViewChange: (change: Partial<OrganizationListView>) => void,
): DataTableOptions<OrganizationListItem, OrganizationSort> {
  const { t, i18n } = useTranslation('organization');
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const number = numberFormat(i18n.language);
  return {
    columns: [
      {
        id: 'name',
        header: t('manager.list.columns.name'),
        sort: { key: 'name', first: 'asc' },
        cell: (organization) => <NameCell organization={organization} />,
      },
      {
        id: 'members',
        header: t('manager.list.columns.members'),
        align: 'end',
        className: 'w-28',
        cell: (organization) => number.format(organization.memberCount),
      },
      {
        id: 'repositories',
        header: t('manager.list.columns.repositories'),
        align: 'end',
        className: 'w-32 @max-xl:hidden',
        cell: (organization) => number.format(organization.repositoryCount),
      },
      {
        id: 'created',
        header: t('manager.list.columns.created'),
        align: 'end',
        sort: { key: 'created', first: 'desc' },
        className: 'w-36',
        cell: (organization) => (
          <time dateTime={organization.createdAt} className="whitespace-nowrap text-muted-foreground">
            {date.format(new Date(organization.createdAt))}
          </time>
        ),
      },
    ],
    sort: { sort: view.sort, order: view.order },
    onSortChange: onViewChange,
    rowMenu: {
      name: (organization) => organization.name,
      items: (organization) => <RowMenuItems organization={organization} />,
    },
  };
}

function NameCell({ organization }: { organization: OrganizationListItem }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <Link
        to="/manager/organizations/$id"
        params={{ id: organization.id }}
        className={cn(tableRowLinkClass, 'min-w-0')}
      >
        <TextLine>{organization.name}</TextLine>
      </Link>
      <TextLine className="text-xs text-muted-foreground">{organization.slug}</TextLine>
    </div>
  );
}

function RowMenuItems({ organization }: { organization: OrganizationListItem }) {
  const { t } = useTranslation('organization');
  return (
    <>
      <Link to="/manager/organizations/$id" params={{ id: organization.id }} className={menuItemClass}>
        <Eye aria-hidden />
        {t('common:dataTable.view')}
      </Link>
      <Link to="/manager/repositories" search={{ organizationId: organization.id }} className={menuItemClass}>
        <FolderGit2 aria-hidden />
        {t('manager.detail.showRepositories')}
      </Link>
    </>
  );
}
