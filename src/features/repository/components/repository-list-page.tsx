import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DataList } from '@/components/ui/data-list';
import { ExportButton, exportHref } from '@/components/ui/export-button';
import { SearchInput } from '@/components/ui/search-input';
import { SelectableRow, SelectModeButton, tableSelectionOf } from '@/components/ui/selection-bar';
import { TextLine } from '@/components/ui/text-line';
import { usePageActions } from '@/hooks/use-page-actions';
import { lazyPart } from '@/lib/lazy-part';
import { useRowSelection } from '@/hooks/use-row-selection';
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

// The bar and its dialog are fetched on the first selection: most visits to the list select nothing.
const RepositoryBulkBar = lazyPart(() =>
  import('./repository-bulk-bar').then((module) => module.RepositoryBulkBar),
);

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
  const { canCreate, canDelete } = useRepositoryRights(area);
  const { t: tr } = useTranslation('repository');
  const selection = useRowSelection(JSON.stringify(view));
  // On a phone rows open on a tap; "Select" turns them into boxes.
  const [selecting, setSelecting] = useState(false);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const first = query.data?.pages[0];
  const total = first && !first.totalCapped ? first.total : null;
  return (
    <Page
      title={t('repository:pages.list')}
      actions={
        // On a phone the search has a row of its own: beside five buttons it had no room to show a word.
        <div className="flex w-full flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-nowrap">
          <SearchInput
            value={view.searchTerm}
            onChange={(searchTerm) => onViewChange({ searchTerm })}
            className="min-w-0 basis-full sm:flex-1"
          />
          {'organizationId' in view ? (
            <RepositoryFiltersDialog view={view} onChange={onViewChange} className="md:hidden" />
          ) : (
            <RepositorySortDialog view={view} onChange={onViewChange} className="md:hidden" />
          )}
          {viewActions}
          <ExportButton
            href={exportHref(
              area === 'manager' ? '/api/export/platform-repositories' : '/api/export/repositories',
              view,
            )}
            total={query.data?.pages[0]?.total}
            totalCapped={query.data?.pages[0]?.totalCapped}
            fallbackName="repositories.csv"
          />
          {canDelete ? <SelectModeButton selecting={selecting} onChange={setSelecting} /> : null}
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
        renderItem={(repository) =>
          selecting ? (
            <SelectableRow
              selected={selection.isSelected(repository.id)}
              onToggle={() => selection.toggle(repository.id, { range: false, order: [] })}
              label={tr('bulk.selectRow', { name: repository.name })}
            >
              <RepositoryRowContent repository={repository} />
            </SelectableRow>
          ) : (
            <RepositoryRow repository={repository} area={area} />
          )
        }
        table={
          canDelete
            ? {
                ...table,
                selection: tableSelectionOf(selection, items, (item) => item.id, {
                  row: (item) => tr('bulk.selectRow', { name: item.name }),
                  page: tr('bulk.selectPage'),
                }),
              }
            : table
        }
        searchTerm={view.searchTerm}
        onClearSearch={() => onViewChange({ searchTerm: '' })}
      />
      {canDelete && (selection.allMatching || selection.ids.size > 0) ? (
        <RepositoryBulkBar area={area} selection={selection} items={items} total={total} view={view} />
      ) : null}
    </Page>
  );
}

/** "New repository", which the command palette offers too. */
function NewRepositoryButton({ area }: { area: RepositoryArea }) {
  const { t } = useTranslation('repository');
  const navigate = useNavigate();
  usePageActions([
    {
      id: 'repository-new',
      label: t('list.new'),
      icon: Plus,
      run: () => void navigate({ to: createRoute(area) }),
    },
  ]);
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
  return (
    <Link
      to={detailRoute(area)}
      params={{ id: repository.id }}
      className="flex flex-col gap-1 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
    >
      <RepositoryRowContent repository={repository} />
    </Link>
  );
}

/** A repository's name, host and description's start, as a list row shows them. */
function RepositoryRowContent({ repository }: { repository: RepositoryListItem }) {
  const { t } = useTranslation('repository');
  // The host only: the full link is on the detail page, where it can be opened.
  const host = safeExternalUrl(repository.link)?.host ?? repository.link;
  return (
    <>
      <span className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
        <TextLine className="font-medium">{repository.name}</TextLine>
        <TextLine className="text-sm text-muted-foreground">{host}</TextLine>
      </span>
      <span dir="auto" className="line-clamp-2 text-sm text-muted-foreground rtl:text-right">
        {repository.descriptionExcerpt || t('noDescription')}
      </span>
    </>
  );
}
