import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@/lib/list';
import { Button } from './button';
import { Spinner } from './spinner';

/** What a paged list reads of its infinite query. */
export type ListQuery<Item> = Pick<
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

/** "Showing n of total" under a list, and its next page on "Load more" or on scrolling to the end. */
export function ListFooter<Item>({
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
