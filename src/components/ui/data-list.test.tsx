import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { ListPage } from '@/lib/list';
import { createTestI18n } from '@/test/i18n';
import { DataList } from './data-list';
import type { DataTableOptions } from './data-table';

type Row = { id: string; name: string };

/**
 * A list source over `rows`, served in pages of `size` like the server's keyset endpoints, which count
 * no further than `cap` rows.
 */
function source(rows: Row[], size = 20, cap = 1000) {
  return async (cursor: string | undefined): Promise<ListPage<Row>> => {
    const start = cursor ? Number(cursor) : 0;
    const end = start + size;
    return {
      items: rows.slice(start, end),
      nextCursor: end < rows.length ? String(end) : null,
      total: Math.min(rows.length, cap),
      totalCapped: rows.length > cap,
    };
  };
}

/** Visible text without the bidi isolates that wrap the search term. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u2068\u2069]/g, '');

/**
 * The line a sighted user reads, e.g. "Showing 20 of 45" under the list; the polite live region
 * (role="status") repeats it for screen readers and is left out here.
 */
const findShown = (text: string) => screen.findByText(text, { ignore: '[role="status"], script, style' });

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Row ${i + 1}` }));

function List({
  fetchPage,
  searchTerm,
  onClearSearch,
  table,
}: {
  fetchPage: (cursor: string | undefined) => Promise<ListPage<Row>>;
  searchTerm?: string;
  onClearSearch?: () => void;
  table?: DataTableOptions<Row, string>;
}) {
  const query = useInfiniteQuery({
    queryKey: ['rows', searchTerm],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  return (
    <DataList
      query={query}
      label="Rows"
      getKey={(row) => row.id}
      renderItem={(row) => <span>{row.name}</span>}
      searchTerm={searchTerm}
      onClearSearch={onClearSearch}
      table={table}
    />
  );
}

function renderList(props: Parameters<typeof List>[0]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <List {...props} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('DataList', () => {
  it('shows skeletons while loading, then the rows and how many of the total are shown', async () => {
    const { container } = renderList({ fetchPage: source(rows(45)) });
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading…$/);
    expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Rows' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(await findShown('Showing 20 of 45')).toBeVisible();
  });

  it('loads more pages until the end, then offers no more', async () => {
    const user = userEvent.setup();
    renderList({ fetchPage: source(rows(45)) });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await findShown('Showing 40 of 45')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findShown('Showing 45 of 45')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "1,000+" when the server capped the total, and the exact count once every row is loaded', async () => {
    const user = userEvent.setup();
    renderList({ fetchPage: source(rows(1030), 1000) });
    expect(await findShown('Showing 1,000 of 1,000+')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^Showing 1,000 of 1,000\+$/);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findShown('Showing 1,030 of 1,030')).toBeVisible();
  });

  it('keeps the "+" while more pages remain, even past the cap', async () => {
    const user = userEvent.setup();
    renderList({ fetchPage: source(rows(60), 20, 25) });
    expect(await findShown('Showing 20 of 25+')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findShown('Showing 40 of 40+')).toBeVisible();
  });

  it('says how many results a term found at least when the total was capped', async () => {
    renderList({ fetchPage: source(rows(1500), 20), searchTerm: 'row', onClearSearch: vi.fn() });
    await screen.findAllByRole('listitem');
    expect(plain(screen.getByRole('status'))).toBe('1,000+ results for "row"');
  });

  it('shows "Something went wrong" with Retry, and Retry loads the rows', async () => {
    const fetchPage = vi
      .fn<(cursor: string | undefined) => Promise<ListPage<Row>>>()
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockImplementation(source(rows(3)));
    const user = userEvent.setup();
    renderList({ fetchPage });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(await findShown('Something went wrong')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(/^Something went wrong$/);
    expect(document.body).not.toHaveTextContent(/ECONNREFUSED/);
    await user.click(retry);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
  });

  it('says "No Data" when there is nothing at all', async () => {
    renderList({ fetchPage: source([]) });
    expect(await findShown('No Data')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says there are no results for the term, and Clear clears the search', async () => {
    const onClearSearch = vi.fn();
    const user = userEvent.setup();
    renderList({ fetchPage: source([]), searchTerm: 'zzz', onClearSearch });
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(plain(screen.getByRole('status'))).toBe('No results for "zzz"');
    expect(onClearSearch).toHaveBeenCalledOnce();
  });

  it('announces how many results the term found, with a Clear action', async () => {
    const onClearSearch = vi.fn();
    const user = userEvent.setup();
    renderList({ fetchPage: source(rows(3)), searchTerm: 'row', onClearSearch });
    await screen.findAllByRole('listitem');
    expect(plain(screen.getByRole('status'))).toBe('3 results for "row"');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClearSearch).toHaveBeenCalledOnce();
  });

  it('with columns, renders the rows as a table for wide screens and as the list for phones, CSS choosing', async () => {
    const table: DataTableOptions<Row, string> = {
      columns: [{ id: 'name', header: 'Name', cell: (row) => row.name }],
    };
    let resolve: (page: ListPage<Row>) => void = () => {};
    renderList({ fetchPage: () => new Promise((done) => (resolve = done)), table });
    // Loading: the table's real header over placeholder rows, so nothing moves when the rows arrive.
    const skeleton = screen.getByRole('table', { name: 'Rows' });
    expect(within(skeleton).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(skeleton.parentElement).toHaveClass('max-md:hidden');

    resolve(await source(rows(3))(undefined));
    const list = await screen.findByRole('list', { name: 'Rows' });
    const grid = screen.getByRole('table', { name: 'Rows' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(within(grid).getByRole('cell', { name: 'Row 2' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // Both are in the server's HTML; below 768 px the list shows, from 768 px the table.
    expect(list).toHaveClass('md:hidden');
    expect(grid.parentElement).toHaveClass('max-md:hidden');
    expect(await findShown('Showing 3 of 3')).toBeVisible();
  });
});
