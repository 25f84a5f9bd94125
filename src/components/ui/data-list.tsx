import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@/lib/list';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

type ListQuery<Item> = Pick<
  UseInfiniteQueryResult<InfiniteData<ListPage<Item>>>,
  | 'data'
  | 'isPending'
  | 'isError'
  | 'isFetchNextPageError'
  | 'isPlaceholderData'
  | 'isFetchingNextPage'
  | 'hasNextPage'
  | 'fetchNextPage'
  | 'refetch'
  | 'isRefetching'
>;

/**
 * A paged list with every state a user meets: loading skeletons, an error with Retry, "No Data", no results
 * for a search, a results line with Clear, "Showing n of total", and more pages on "Load more" or by
 * scrolling to the end. Status lines sit in a polite live region so screen readers hear the outcome.
 */
export function DataList<Item>({
  query,
  label,
  getKey,
  renderItem,
  searchTerm = '',
  onClearSearch,
  skeletonRows = 6,
  paged = true,
}: {
  query: ListQuery<Item>;
  /** Accessible name of the list, e.g. the page title. */
  label: string;
  getKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  searchTerm?: string;
  onClearSearch?: () => void;
  skeletonRows?: number;
  /** False for a fixed excerpt (e.g. the latest ten): no "Showing n of total", no more pages. */
  paged?: boolean;
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
    body = <SkeletonRows count={skeletonRows} />;
  } else if (query.isError && !query.isFetchNextPageError) {
    status = t('dataList.error');
    body = (
      <Notice>
        <p>{t('dataList.error')}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isRefetching}>
          {query.isRefetching ? <Spinner /> : null}
          {t('dataList.retry')}
        </Button>
      </Notice>
    );
  } else if (items.length === 0) {
    status = searchTerm ? t('dataList.noResults', { term }) : t('dataList.empty');
    body = (
      <Notice>
        <p>{status}</p>
        {searchTerm && onClearSearch ? (
          <Button variant="outline" onClick={onClearSearch}>
            {t('dataList.clear')}
          </Button>
        ) : null}
      </Notice>
    );
  } else {
    status = searchTerm
      ? resultsLine(t, total, capped, term)
      : paged
        ? t(capped ? 'dataList.showingCapped' : 'dataList.showing', { shown: items.length, total })
        : '';
    body = (
      <ul aria-label={label} className="divide-y rounded-lg border">
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    );
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

function ListFooter<Item>({
  query,
  shown,
  total,
  capped,
}: {
  query: ListQuery<Item>;
  shown: number;
  total: number;
  capped: boolean;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // Scrolling to the end loads the next page; the button stays for keyboards and after a failed load.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <div ref={sentinel} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {t(capped ? 'dataList.showingCapped' : 'dataList.showing', { shown, total })}
      </p>
      {isFetchNextPageError ? (
        <div className="flex items-center gap-2">
          <p className="text-destructive">{t('dataList.error')}</p>
          <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
            {t('dataList.retry')}
          </Button>
        </div>
      ) : hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? <Spinner /> : null}
          {t('dataList.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
      {children}
    </div>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <div className="divide-y rounded-lg border">
      {Array.from({ length: count }, (_, i) => (
        // Identical placeholders: the index is their only identity.
        <div key={i} className="flex flex-col gap-2 px-4 py-3">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
