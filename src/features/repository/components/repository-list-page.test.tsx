import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListRoute } from '@/test/list-route';
import { PHONE_WIDTH, stubViewport } from '@/test/viewport';
import type { RepositoryListItem } from '../schema';
import {
  platformRepositoryListDefaults,
  platformRepositoryListSearch,
  repositoryListDefaults,
  repositoryListSearch,
} from '../search';
import type { RepositoryArea } from './area';
import { RepositoryListPage } from './repository-list-page';

const { listRepositories } = vi.hoisted(() => ({ listRepositories: vi.fn() }));
vi.mock('../functions', () => ({
  $listRepositories: listRepositories,
  $listPlatformRepositories: listRepositories,
  $deleteRepository: vi.fn(),
  $deletePlatformRepository: vi.fn(),
}));
vi.mock('@/features/organization/functions', () => ({
  $listOrganizationChoices: vi.fn().mockResolvedValue([
    { id: 'org-1', name: 'Org' },
    { id: 'globex', name: 'Globex' },
  ]),
  $listMyOrganizations: vi.fn(),
}));
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
  organization: { id: 'org-1', name: 'Org' },
});

function renderList(
  area: RepositoryArea,
  url = `/${area}/repositories`,
  role = 'admin',
  organizationRole = 'owner',
) {
  // Each area's list route reads its own view: the manager's also names an organization.
  if (area === 'manager') {
    return renderListRoute({
      path: '/manager/repositories',
      url,
      search: platformRepositoryListSearch,
      defaults: platformRepositoryListDefaults,
      viewer: { role, organizationRole },
      page: (view, onViewChange) => (
        <RepositoryListPage area={area} view={view} onViewChange={onViewChange} />
      ),
    });
  }
  return renderListRoute({
    path: `/${area}/repositories`,
    url,
    search: repositoryListSearch,
    defaults: repositoryListDefaults,
    viewer: { role, organizationRole },
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
    // The first render of the file also loads the table's modules: slow on a busy machine.
    const row = await screen.findByRole('row', { name: /vite/ }, { timeout: 5000 });
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

  it("offers an organization's member View and Open link, in the app area", async () => {
    renderList('app', '/app/repositories', 'user', 'member');
    await screen.findByRole('row', { name: /vite/ });
    expect(await menuActions('vite')).toEqual([
      { name: 'View', href: '/app/repositories/r1' },
      { name: 'Open link (opens in a new tab)', href: 'https://github.com/vitejs/vite/' },
    ]);
    expect(screen.queryByRole('link', { name: 'New repository' })).toBeNull();
  });

  it("offers an organization's admin Edit, Delete and New repository in the app area, whatever their platform role", async () => {
    renderList('app', '/app/repositories', 'user', 'admin');
    await screen.findByRole('row', { name: /vite/ });
    expect(await menuActions('vite')).toEqual([
      { name: 'View', href: '/app/repositories/r1' },
      { name: 'Open link (opens in a new tab)', href: 'https://github.com/vitejs/vite/' },
      { name: 'Edit', href: '/app/repositories/r1/update' },
      { name: 'Delete', href: null },
    ]);
    expect(screen.getByRole('link', { name: 'New repository' })).toHaveAttribute(
      'href',
      '/app/repositories/new',
    );
  });

  it("shows the manager each repository's organization", async () => {
    renderList('manager');
    const row = await screen.findByRole('row', { name: /vite/ });
    expect(screen.getByRole('columnheader', { name: 'Organization' })).toBeVisible();
    expect(within(row).getByText('Org')).toBeVisible();
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

  it('filters the manager list to one organization through the URL', async () => {
    const user = userEvent.setup();
    const { search } = renderList('manager');
    await screen.findByRole('row', { name: /vite/ });
    const filter = screen.getByRole('combobox', { name: 'Organization' });
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'Globex' })).toBeInTheDocument());
    expect(filter).toHaveValue('');

    await user.selectOptions(filter, 'globex');
    await waitFor(() => expect(search()).toEqual({ organizationId: 'globex' }));
    await waitFor(() =>
      expect(listRepositories).toHaveBeenLastCalledWith({
        data: { searchTerm: '', sort: 'created', order: 'desc', cursor: undefined, organizationId: 'globex' },
      }),
    );
    await user.selectOptions(filter, '');
    await waitFor(() => expect(search()).toEqual({}));
  });

  it('keeps the app area without an organization filter', async () => {
    renderList('app', '/app/repositories?organizationId=globex', 'user', 'member');
    await screen.findByRole('row', { name: /vite/ });
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(listRepositories).toHaveBeenLastCalledWith({
      data: { searchTerm: '', sort: 'created', order: 'desc', cursor: undefined },
    });
  });

  it('on a phone, puts the manager organization filter and the order in one Filters sheet', async () => {
    stubViewport(PHONE_WIDTH);
    const { search } = renderList('manager', '/manager/repositories?organizationId=globex');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Filters 1 active' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    const filter = within(sheet).getByRole('combobox', { name: 'Organization' });
    await waitFor(() => expect(filter).toHaveValue('globex'));
    expect(within(sheet).getByRole('combobox', { name: 'Sort by' })).toHaveValue('created:desc');
    // fireEvent inside the drawer: a real pointer press starts vaul's drag (see above).
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(search()).toEqual({}));
  });
});
