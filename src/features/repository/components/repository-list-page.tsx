import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DataList } from '@/components/ui/data-list';
import { SearchInput } from '@/components/ui/search-input';
import { TextLine } from '@/components/ui/text-line';
import { repositoryQueries, useRepositoryOwner } from '../queries';
import type { RepositoryListItem } from '../schema';
import { safeExternalUrl } from '../links';
import type { PlatformRepositoryListView, RepositoryListView } from '../search';
import { createRoute, detailRoute, type RepositoryArea, useRepositoryRights } from './area';
import {
  RepositoryFiltersDialog,
  RepositoryOrganizationFilter,
  RepositorySortDialog,
} from './repository-list-controls';
import { useRepositoryTable } from './repository-table';

/**
 * Repositories, newest first unless the view says otherwise, searchable by name: a table from 768 px
 * (sortable by name and date, a menu per row), a list of rows below with the order in a sheet. The app
 * area shows the active organization's, the manager area every organization's, or one organization's
 * (its filter under the search from 768 px, in the Filters sheet on a phone); "New repository" for whom
 * may create them there.
 */
export function RepositoryListPage({
  area,
  view,
  onViewChange,
  viewActions,
}: {
  area: RepositoryArea;
  /** The manager area's view also names the organization filtered to ('' for every one). */
  view: RepositoryListView | PlatformRepositoryListView;
  onViewChange: (change: Partial<PlatformRepositoryListView>) => void;
  /** Actions on the current view, composed by the route (the manager's Save view). */
  viewActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(repositoryQueries.list(useRepositoryOwner(area), view));
  const table = useRepositoryTable(area, view, onViewChange);
  const { canCreate } = useRepositoryRights(area);
  return (
    <Page
      title={t('repository:pages.list')}
      actions={
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <SearchInput
            value={view.searchTerm}
            onChange={(searchTerm) => onViewChange({ searchTerm })}
            className="min-w-0 flex-1"
          />
          {'organizationId' in view ? (
            <RepositoryFiltersDialog view={view} onChange={onViewChange} className="md:hidden" />
          ) : (
            <RepositorySortDialog view={view} onChange={onViewChange} className="md:hidden" />
          )}
          {viewActions}
          {canCreate ? <NewRepositoryButton area={area} /> : null}
        </div>
      }
    >
      {'organizationId' in view ? (
        <div className="mb-4 grid gap-2 max-md:hidden md:grid-cols-3">
          <RepositoryOrganizationFilter
            value={view.organizationId}
            onChange={(organizationId) => onViewChange({ organizationId })}
          />
        </div>
      ) : null}
      <DataList
        query={query}
        label={t('repository:pages.list')}
        getKey={(repository) => repository.id}
        renderItem={(repository) => <RepositoryRow repository={repository} area={area} />}
        table={table}
        searchTerm={view.searchTerm}
        onClearSearch={() => onViewChange({ searchTerm: '' })}
      />
    </Page>
  );
}

function NewRepositoryButton({ area }: { area: RepositoryArea }) {
  const { t } = useTranslation('repository');
  return (
    <Button asChild>
      <Link to={createRoute(area)}>
        <Plus aria-hidden />
        <span className="sr-only sm:not-sr-only">{t('list.new')}</span>
      </Link>
    </Button>
  );
}

function RepositoryRow({ repository, area }: { repository: RepositoryListItem; area: RepositoryArea }) {
  const { t } = useTranslation('repository');
  // The host only: the full link is on the detail page, where it can be opened.
  const host = safeExternalUrl(repository.link)?.host ?? repository.link;
  return (
    <Link
      to={detailRoute(area)}
      params={{ id: repository.id }}
      className="flex flex-col gap-1 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
        <TextLine className="font-medium">{repository.name}</TextLine>
        <TextLine className="text-sm text-muted-foreground">{host}</TextLine>
      </span>
      <span dir="auto" className="line-clamp-2 text-sm text-muted-foreground rtl:text-right">
        {repository.descriptionExcerpt || t('noDescription')}
      </span>
    </Link>
  );
}
