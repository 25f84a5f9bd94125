import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@/lib/list';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { ListFooter, type ListQuery } from './data-list-footer';
import { DataTable, type DataTableOptions, DataTableSkeleton } from './data-table';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

/**
 * A paged list with every state a user meets: loading skeletons, an error with Retry, "No Data", no results
 * for a search, a results line with Clear, "Showing n of total", and more pages on "Load more" or by
 * scrolling to the end. Status lines sit in a polite live region so screen readers hear the outcome.
 *
 * With `table`, the rows are a table from 768 px and `renderItem`'s list below. Both come from the server
 * render and CSS shows one, so the first paint has the right layout and no script measures the screen.
 */
export function DataList<Item, Key extends string = string>({
  query,
  label,
  getKey,
  renderItem,
  table,
  searchTerm = '',
  onClearSearch,
  skeletonRows = 6,
  paged = true,
  emptyText,
}: {
  query: ListQuery<Item>;
  /** Accessible name of the list, e.g. the page title. */
  label: string;
  getKey: (item: Item) => string;
  /** A row of the list (of phones' list when there is a `table`). */
  renderItem: (item: Item) => ReactNode;
  /** Columns, order and row menus of the table wider screens get. */
  table?: DataTableOptions<Item, Key>;
  searchTerm?: string;
  onClearSearch?: () => void;
  skeletonRows?: number;
  /** False for a fixed excerpt (e.g. the latest ten): no "Showing n of total", no more pages. */
  paged?: boolean;
  /** What an empty list says, when not the generic "Nothing here yet" (a search says what it found). */
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const { total, capped } = shownTotal(pages[0], items.length, query.hasNextPage);
  // First-strong isolates keep a Latin term and its quotes in order inside an Arabic sentence.
  const term = `\u2068${searchTerm}\u2069`;

  let body: ReactNode;
  let status: string;
  if (query.isPending) {
    status = t('dataList.loading');
    body = <SkeletonRows count={skeletonRows} label={label} table={table} />;
  } else if (query.isError && !query.isFetchNextPageError) {
    status = t('dataList.error');
    body = <ListError onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  } else if (items.length === 0) {
    status = searchTerm ? t('dataList.noResults', { term }) : (emptyText ?? t('dataList.empty'));
    body = (
      <ListNotice>
        <p>{status}</p>
        {searchTerm && onClearSearch ? (
          <Button variant="outline" onClick={onClearSearch}>
            {t('dataList.clear')}
          </Button>
        ) : null}
      </ListNotice>
    );
  } else {
    status = searchTerm
      ? resultsLine(t, total, capped, term)
      : paged
        ? t(capped ? 'dataList.showingCapped' : 'dataList.showing', { shown: items.length, total })
        : '';
    body = <Rows label={label} items={items} getKey={getKey} renderItem={renderItem} table={table} />;
  }

  const loaded = !query.isPending && !(query.isError && !query.isFetchNextPageError) && items.length > 0;
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isPending || query.isPlaceholderData}>
      {searchTerm && loaded ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted-foreground">{resultsLine(t, total, capped, term)}</p>
          {onClearSearch ? (
            <Button variant="ghost" size="sm" onClick={onClearSearch}>
              {t('dataList.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>{body}</div>
      {loaded && paged ? (
        <ListFooter query={query} shown={items.length} total={total} capped={capped} />
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}

/**
 * The total to show. A capped total means "more than this": shown as "1,000+" while more pages remain,
 * at least as many as are on screen; once every page is loaded, the count on screen is the total.
 */
function shownTotal(
  first: ListPage<unknown> | undefined,
  shown: number,
  hasNextPage: boolean,
): { total: number; capped: boolean } {
  if (!first?.totalCapped) return { total: first?.total ?? 0, capped: false };
  return hasNextPage
    ? { total: Math.max(first.total, shown), capped: true }
    : { total: shown, capped: false };
}

function resultsLine(t: TFunction, total: number, capped: boolean, term: string): string {
  return t(capped ? 'dataList.resultsCapped' : 'dataList.results', { count: total, term });
}

/** A list's empty or failed state, in place of its rows. */
export function ListNotice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
      {children}
    </div>
  );
}

/** A list that could not be read: says so, with Retry (which spins while it reads again). */
export function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <ListNotice>
      <p>{t('dataList.error')}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner /> : null}
        {t('dataList.retry')}
      </Button>
    </ListNotice>
  );
}

/** The list, and the table that replaces it from 768 px when there is one. */
function Rows<Item, Key extends string>({
  label,
  items,
  getKey,
  renderItem,
  table,
}: {
  label: string;
  items: Item[];
  getKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  table: DataTableOptions<Item, Key> | undefined;
}) {
  return (
    <>
      <ul aria-label={label} className={cn('divide-y rounded-lg border', table && 'md:hidden')}>
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {table ? (
        <DataTable label={label} items={items} getKey={getKey} options={table} className="max-md:hidden" />
      ) : null}
    </>
  );
}

function SkeletonRows<Item, Key extends string>({
  count,
  label,
  table,
}: {
  count: number;
  label: string;
  table: DataTableOptions<Item, Key> | undefined;
}) {
  return (
    <>
      <div className={cn('divide-y rounded-lg border', table && 'md:hidden')}>
        {Array.from({ length: count }, (_, i) => (
          // Identical placeholders: the index is their only identity.
          <div key={i} className="flex flex-col gap-2 px-4 py-3">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        ))}
      </div>
      {table ? (
        <DataTableSkeleton label={label} options={table} rows={count} className="max-md:hidden" />
      ) : null}
    </>
  );
}
