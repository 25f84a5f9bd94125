import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListRoute } from '@/test/list-route';
import { PHONE_WIDTH, stubViewport } from '@/test/viewport';
import type { OrganizationListItem } from '../schema';
import { organizationListDefaults, organizationListSearch } from '../search';
import { OrganizationListPage } from './organization-list-page';

const { listOrganizations, getAuthConfig } = vi.hoisted(() => ({
  listOrganizations: vi.fn(),
  getAuthConfig: vi.fn(),
}));
vi.mock('../functions', () => ({
  $listPlatformOrganizations: listOrganizations,
  $getPlatformOrganization: vi.fn(),
  $listUserOrganizations: vi.fn(),
  $deletePlatformOrganization: vi.fn(),
  $listMyOrganizations: vi.fn(),
  $listOrganizationChoices: vi.fn(),
  $ensureWorkspace: vi.fn(),
}));
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn(),
  $getAuthConfig: getAuthConfig,
  $completeOnboarding: vi.fn(),
}));

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

const organization = (
  id: string,
  name: string,
  slug: string,
  memberCount: number,
  repositoryCount: number,
): OrganizationListItem => ({
  id,
  name,
  slug,
  memberCount,
  repositoryCount,
  createdAt: '2026-01-15T10:00:00Z',
});

function renderList(url = '/manager/organizations') {
  return renderListRoute({
    path: '/manager/organizations',
    url,
    search: organizationListSearch,
    defaults: organizationListDefaults,
    page: (view, onViewChange) => <OrganizationListPage view={view} onViewChange={onViewChange} />,
  });
}

describe('the organization list', () => {
  beforeEach(() => {
    getAuthConfig.mockReset().mockResolvedValue({ billing: false });
    listOrganizations.mockReset().mockResolvedValue({
      items: [
        organization('globex', 'Globex', 'globex', 12, 3),
        organization('solo', 'Solo', 'solo-ws', 1, 0),
      ],
      nextCursor: null,
      total: 2,
      totalCapped: false,
    });
  });

  it('shows each organization with its slug, member and repository counts and creation date, linked to its page', async () => {
    renderList();
    // The first render of the file also loads the table's modules: slow on a busy machine.
    const row = await screen.findByRole('row', { name: /Globex/ }, { timeout: 5000 });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['12', '3', 'Jan 15, 2026']),
    );
    expect(within(row).getByText('globex')).toBeVisible();
    expect(within(row).getByRole('link', { name: 'Globex' })).toHaveAttribute(
      'href',
      '/manager/organizations/globex',
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Members', 'Repositories']));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 2');
  });

  it('writes the search and the order to the URL with replace, and lists that view', async () => {
    const user = userEvent.setup();
    const { search, history } = renderList();
    await screen.findByRole('row', { name: /Globex/ });

    await user.type(screen.getByRole('searchbox'), 'glob');
    await waitFor(() => expect(search()).toEqual({ searchTerm: 'glob' }));
    await waitFor(() =>
      expect(listOrganizations).toHaveBeenLastCalledWith({
        data: { searchTerm: 'glob', plan: '', sort: 'created', order: 'desc', cursor: undefined },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(search()).toEqual({ searchTerm: 'glob', sort: 'name', order: 'asc' }));
    await waitFor(() =>
      expect(listOrganizations).toHaveBeenLastCalledWith({
        data: { searchTerm: 'glob', plan: '', sort: 'name', order: 'asc', cursor: undefined },
      }),
    );
    // Replace, not push: Back leaves the list instead of undoing each keystroke.
    expect(history.length).toBe(1);
  });

  it('shows no plan filter when billing is off', async () => {
    renderList();
    await screen.findByRole('row', { name: /Globex/ });
    await waitFor(() => expect(getAuthConfig).toHaveBeenCalled());
    await getAuthConfig.mock.results[0]?.value;
    expect(screen.queryByRole('combobox', { name: 'Plan' })).toBeNull();
  });

  it('filters by plan when billing is on', async () => {
    getAuthConfig.mockResolvedValue({ billing: true });
    const { search } = renderList();
    const plan = await screen.findByRole('combobox', { name: 'Plan' });
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any plan', 'Free', 'Pro', 'Business']);
    fireEvent.change(plan, { target: { value: 'pro' } });
    await waitFor(() => expect(search()).toEqual({ plan: 'pro' }));
    await waitFor(() =>
      expect(listOrganizations).toHaveBeenLastCalledWith({
        data: { searchTerm: '', plan: 'pro', sort: 'created', order: 'desc', cursor: undefined },
      }),
    );
  });

  it('opens a shared view as it was, and drops bad values from the URL', async () => {
    const { search } = renderList('/manager/organizations?searchTerm=lab&sort=slug&order=asc');
    expect(await screen.findByRole('table', { name: 'Organizations' })).toBeVisible();
    expect(screen.getByRole('searchbox')).toHaveValue('lab');
    await waitFor(() => expect(search()).toEqual({ searchTerm: 'lab', order: 'asc' }));
    expect(listOrganizations).toHaveBeenLastCalledWith({
      data: { searchTerm: 'lab', plan: '', sort: 'created', order: 'asc', cursor: undefined },
    });
  });

  it('on a phone, lists rows with their counts and sets the order in a sheet', async () => {
    stubViewport(PHONE_WIDTH);
    const { search } = renderList();
    const list = await screen.findByRole('list', { name: 'Organizations' });
    const globex = within(list).getByRole('link', { name: /Globex/ });
    expect(globex).toHaveAttribute('href', '/manager/organizations/globex');
    expect(globex).toHaveTextContent('12 members · 3 repositories');
    expect(within(list).getByRole('link', { name: /Solo/ })).toHaveTextContent('1 member · 0 repositories');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sort' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sort' });
    // fireEvent inside the drawer: a real pointer press starts vaul's drag, which needs setPointerCapture
    // (jsdom has none).
    fireEvent.change(within(sheet).getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'name:asc' },
    });
    await waitFor(() => expect(search()).toEqual({ sort: 'name', order: 'asc' }));
  });
});
