import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListRoute } from '@/test/list-route';
import { PHONE_WIDTH, stubViewport } from '@/test/viewport';
import type { RepositoryListItem } from '../schema';
import { repositoryListDefaults, repositoryListSearch } from '../search';
import type { RepositoryArea } from './area';
import { RepositoryListPage } from './repository-list-page';

const { listRepositories } = vi.hoisted(() => ({ listRepositories: vi.fn() }));
vi.mock('../functions', () => ({ $listRepositories: listRepositories, $deleteRepository: vi.fn() }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn(),
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

const repository = (id: string, name: string, link: string): RepositoryListItem => ({
  id,
  name,
  link,
  descriptionExcerpt: null,
  createdAt: '2026-01-01T00:00:00Z',
});

function renderList(area: RepositoryArea, url = `/${area}/repositories`, role = 'admin') {
  return renderListRoute({
    path: `/${area}/repositories`,
    url,
    search: repositoryListSearch,
    defaults: repositoryListDefaults,
    viewer: { role },
    page: (view, onViewChange) => <RepositoryListPage area={area} view={view} onViewChange={onViewChange} />,
  });
}

/** The actions in a row's menu, in the order shown, once it is open. */
async function menuActions(rowName: string) {
  await userEvent.setup().click(screen.getByRole('button', { name: `Actions for \u2068${rowName}\u2069` }));
  const menu = screen.getByRole('group', { name: `Actions for \u2068${rowName}\u2069` });
  return Array.from(menu.querySelectorAll('a, button'), (item) => ({
    name: item.textContent,
    href: item.getAttribute('href'),
  }));
}

describe('the repository list', () => {
  beforeEach(() =>
    listRepositories.mockReset().mockResolvedValue({
      items: [
        repository('r1', 'vite', 'https://github.com/vitejs/vite/'),
        repository('r2', 'legacy', 'ftp://files.example.com/legacy'),
      ],
      nextCursor: null,
      total: 2,
      totalCapped: false,
    }),
  );

  it('sorts by name or date from the table headers, through the URL', async () => {
    const user = userEvent.setup();
    const { search } = renderList('manager');
    const row = await screen.findByRole('row', { name: /vite/ });
    // The link without its scheme: which project, not just which host.
    expect(within(row).getByText('github.com/vitejs/vite')).toBeVisible();
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(search()).toEqual({ sort: 'name', order: 'asc' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() =>
      expect(listRepositories).toHaveBeenLastCalledWith({
        data: { searchTerm: '', sort: 'name', order: 'asc', cursor: undefined },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(search()).toEqual({}));
  });

  it('offers a manager View, Open link, Edit and Delete; Open link only for a web link', async () => {
    renderList('manager');
    await screen.findByRole('row', { name: /vite/ });
    expect(await menuActions('vite')).toEqual([
      { name: 'View', href: '/manager/repositories/r1' },
      { name: 'Open link (opens in a new tab)', href: 'https://github.com/vitejs/vite/' },
      { name: 'Edit', href: '/manager/repositories/r1/update' },
      { name: 'Delete', href: null },
    ]);
    expect(screen.getByRole('link', { name: /Open link/ })).toHaveAttribute('target', '_blank');
    expect((await menuActions('legacy')).map((action) => action.name)).toEqual(['View', 'Edit', 'Delete']);
  });

  it('offers the app area, and a role that may only read, View and Open link', async () => {
    renderList('app', '/app/repositories', 'user');
    await screen.findByRole('row', { name: /vite/ });
    expect(await menuActions('vite')).toEqual([
      { name: 'View', href: '/app/repositories/r1' },
      { name: 'Open link (opens in a new tab)', href: 'https://github.com/vitejs/vite/' },
    ]);
  });

  it('on a phone, sets the order in a sheet behind the Sort button', async () => {
    stubViewport(PHONE_WIDTH);
    const user = userEvent.setup();
    const { search } = renderList('app', '/app/repositories?sort=name&order=asc', 'user');
    await user.click(await screen.findByRole('button', { name: 'Sort' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sort' });
    const select = within(sheet).getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('name:asc');
    // fireEvent inside the drawer: a real pointer press starts vaul's drag, which needs setPointerCapture
    // (jsdom has none).
    fireEvent.change(select, { target: { value: 'created:asc' } });
    await waitFor(() => expect(search()).toEqual({ order: 'asc' }));
  });
});
