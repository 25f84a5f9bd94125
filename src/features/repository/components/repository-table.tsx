import { Link } from '@tanstack/react-router';
import { ExternalLink, Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuItem, menuItemClass } from '@/components/layout/menu-popover';
import { type DataTableOptions, tableRowLinkClass } from '@/components/ui/data-table';
import { TextLine } from '@/components/ui/text-line';
import { cn } from '@/lib/utils';
import { safeExternalUrl } from '../links';
import type { RepositoryListItem } from '../schema';
import type { RepositoryListView, RepositorySort } from '../search';
import { DeleteRepositoryDialog } from './delete-repository-dialog';
import {
  detailRoute,
  type RepositoryArea,
  type RepositoryRights,
  updateRoute,
  useRepositoryRights,
} from './area';
import { dateTimeFormat } from '@/lib/intl';

/**
 * The repository table: name (with the description's start under it), the link's host, the creation date,
 * in the manager area the organization it belongs to, and a menu per row with what the viewer may do. Name
 * and date headers sort the list.
 */
export function useRepositoryTable(
  area: RepositoryArea,
  view: RepositoryListView,
  onViewChange: (change: Partial<RepositoryListView>) => void,
): DataTableOptions<RepositoryListItem, RepositorySort> {
  const { t, i18n } = useTranslation('repository');
  const can = useRepositoryRights(area);
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return {
    columns: [
      {
        id: 'name',
        header: t('list.columns.name'),
        sort: { key: 'name', first: 'asc' },
        cell: (repository) => <NameCell repository={repository} area={area} />,
      },
      ...(area === 'manager'
        ? [
            {
              id: 'organization',
              header: t('list.columns.organization'),
              className: 'w-[22%] @max-xl:hidden',
              cell: (repository: RepositoryListItem) => (
                <TextLine className="text-muted-foreground">{repository.organization.name}</TextLine>
              ),
            },
          ]
        : []),
      {
        id: 'link',
        header: t('list.columns.link'),
        className: 'w-[32%] @max-2xl:hidden',
        cell: (repository) => (
          <TextLine className="text-muted-foreground">{shortLink(repository.link)}</TextLine>
        ),
      },
      {
        id: 'created',
        header: t('list.columns.created'),
        align: 'end',
        sort: { key: 'created', first: 'desc' },
        className: 'w-36',
        cell: (repository) => (
          <time dateTime={repository.createdAt} className="whitespace-nowrap text-muted-foreground">
            {date.format(new Date(repository.createdAt))}
          </time>
        ),
      },
    ],
    sort: { sort: view.sort, order: view.order },
    onSortChange: onViewChange,
    rowMenu: {
      name: (repository) => repository.name,
      items: (repository) => <RowMenuItems repository={repository} area={area} can={can} />,
    },
  };
}

/** The link without its scheme and final slash ("github.com/vitejs/vite"): the scheme is always http(s). */
function shortLink(link: string): string {
  const url = safeExternalUrl(link);
  return url ? `${url.host}${url.pathname}`.replace(/\/$/, '') : link;
}

function NameCell({ repository, area }: { repository: RepositoryListItem; area: RepositoryArea }) {
  const { t } = useTranslation('repository');
  return (
    <div className="grid min-w-0 gap-0.5">
      <Link
        to={detailRoute(area)}
        params={{ id: repository.id }}
        className={cn(tableRowLinkClass, 'min-w-0')}
      >
        <TextLine>{repository.name}</TextLine>
      </Link>
      <TextLine className="text-xs text-muted-foreground">
        {repository.descriptionExcerpt || t('noDescription')}
      </TextLine>
    </div>
  );
}

function RowMenuItems({
  repository,
  area,
  can,
}: {
  repository: RepositoryListItem;
  area: RepositoryArea;
  can: RepositoryRights;
}) {
  const { t } = useTranslation('repository');
  const url = safeExternalUrl(repository.link);
  return (
    <>
      <Link to={detailRoute(area)} params={{ id: repository.id }} className={menuItemClass}>
        <Eye aria-hidden />
        {t('common:dataTable.view')}
      </Link>
      {url ? (
        <a href={url.href} target="_blank" rel="noopener noreferrer" className={menuItemClass}>
          <ExternalLink aria-hidden />
          {t('list.openLink')} <span className="sr-only">{t('detail.opensInNewTab')}</span>
        </a>
      ) : null}
      {can.canUpdate ? (
        <Link to={updateRoute(area)} params={{ id: repository.id }} className={menuItemClass}>
          <Pencil aria-hidden />
          {t('detail.edit')}
        </Link>
      ) : null}
      {can.canDelete ? (
        // Apart at the end, as on the user page's menu: it cannot be undone.
        <div className="mt-1 border-t pt-1">
          <DeleteRepositoryDialog area={area} repository={repository} from="list">
            <MenuItem tone="danger">
              <Trash2 aria-hidden />
              {t('delete.action')}
            </MenuItem>
          </DeleteRepositoryDialog>
        </div>
      ) : null}
    </>
  );
}
