import { createRootRoute, createRouter, createMemoryHistory } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRouter } from '@/test/render';
import { DataTable, type DataTableOptions } from './data-table';
import type { ListSort } from './sort-header';

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

type File = { id: string; name: string; size: number };
type Key = 'name' | 'size';

const files: File[] = [
  { id: 'a', name: 'Alpha', size: 12 },
  { id: 'b', name: 'Beta', size: 3400 },
];

function options(overrides: Partial<DataTableOptions<File, Key>> = {}): DataTableOptions<File, Key> {
  return {
    columns: [
      { id: 'name', header: 'Name', sort: { key: 'name', first: 'asc' }, cell: (file) => file.name },
      { id: 'size', header: 'Size', align: 'end', sort: { key: 'size', first: 'desc' }, cell: (f) => f.size },
      { id: 'note', header: 'Note', cell: () => '—' },
    ],
    sort: { sort: 'name', order: 'asc' },
    rowMenu: {
      name: (file) => file.name,
      items: (file) => <button type="button">Rename {file.name}</button>,
    },
    ...overrides,
  };
}

/** The table inside a router: the row menus close on navigation, so they read the router's location. */
function renderTable(tableOptions: DataTableOptions<File, Key>) {
  const rootRoute = createRootRoute({
    component: () => <DataTable label="Files" items={files} getKey={(f) => f.id} options={tableOptions} />,
  });
  const history = createMemoryHistory({ initialEntries: ['/'] });
  renderRouter(createRouter({ routeTree: rootRoute, history }));
  return screen.findByRole('table', { name: 'Files' });
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('DataTable', () => {
  it('has a header per column, a row per item and its cells aligned as the column says', async () => {
    const table = await renderTable(options());
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size', 'Note', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1] as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(['Beta', '3400', '—']);
    expect(within(cells[3] as HTMLElement).getByRole('button')).toHaveAccessibleName(
      'Actions for \u2068Beta\u2069',
    );
    // Numbers and dates line up on their last digit.
    expect(cells[1]).toHaveClass('text-end', 'tabular-nums');
    expect(cells[0]).toHaveClass('text-start');
    // The header stays in view while the rows scroll under it.
    expect(header('Name')).toHaveClass('sticky');
  });

  it('says which column sorts the rows, and which way, with aria-sort; others have none', async () => {
    await renderTable(options({ sort: { sort: 'size', order: 'desc' } }));
    expect(header('Size')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    // A column without a sort key is a plain header, no button.
    expect(within(header('Note')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sorts by a header: its first direction, then the other way on the sorted column', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn<(next: ListSort<Key>) => void>();
    await renderTable(options({ onSortChange }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'size', order: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'name', order: 'desc' });
  });

  it('gives each row one menu, named after it, holding its actions; Escape closes it', async () => {
    const user = userEvent.setup();
    const table = await renderTable(options());
    const trigger = within(table).getByRole('button', { name: 'Actions for \u2068Beta\u2069' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Rename Beta' })).not.toBeInTheDocument();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('group', { name: 'Actions for \u2068Beta\u2069' });
    expect(within(menu).getByRole('button', { name: 'Rename Beta' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('has no actions column when rows have no menu', async () => {
    const table = await renderTable(options({ rowMenu: undefined }));
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
