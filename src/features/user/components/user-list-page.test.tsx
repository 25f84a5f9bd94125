import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListRoute } from '@/test/list-route';
import { PHONE_WIDTH, stubViewport } from '@/test/viewport';
import { userListDefaults, userListSearch } from '../search';
import { UserListPage } from './user-list-page';

const { listUsers } = vi.hoisted(() => ({ listUsers: vi.fn() }));
vi.mock('../functions', () => ({ $listUsers: listUsers, $getUser: vi.fn() }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn(),
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

function renderList(url: string) {
  return renderListRoute({
    path: '/manager/users',
    url,
    search: userListSearch,
    defaults: userListDefaults,
    page: (view, onViewChange) => <UserListPage view={view} onViewChange={onViewChange} />,
  });
}

const page = (name: string) => ({
  items: [
    {
      id: 'u1',
      name,
      email: 'ada@example.com',
      image: null,
      role: 'admin',
      status: 'banned',
      banExpires: null,
      createdAt: '2026-01-01T00:00:00Z',
    },
  ],
  nextCursor: null,
  total: 1,
  totalCapped: false,
});

describe('UserListPage filters and order', () => {
  beforeEach(() => listUsers.mockReset().mockResolvedValue(page('Ada Lovelace')));

  it('writes role, status and order to the URL with replace, and lists that view', async () => {
    const user = userEvent.setup();
    const { router, history, search } = renderList('/manager/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('Ada Lovelace')).toBeVisible();
    expect(within(list).getByText('Banned')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() => expect(search()).toEqual({ role: 'admin' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'banned');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'email:asc');
    await waitFor(() =>
      expect(search()).toEqual({ role: 'admin', status: 'banned', sort: 'email', order: 'asc' }),
    );
    expect(router.state.location.href).toContain('role=admin');
    // Replace, not push: Back leaves the list instead of undoing each filter.
    expect(history.length).toBe(1);
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith({
        data: {
          searchTerm: '',
          role: 'admin',
          status: 'banned',
          sort: 'email',
          order: 'asc',
          cursor: undefined,
        },
      }),
    );
  });

  it('opens a shared view as it was, and drops defaults and bad values from the URL', async () => {
    const { search } = renderList(
      '/manager/users?searchTerm=ab&status=notOnboarded&sort=name&order=desc&role=root',
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Users' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('notOnboarded');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name:desc');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveValue('ab');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created:desc');
    await waitFor(() => expect(search()).toEqual({ searchTerm: 'ab', status: 'notOnboarded' }));
  });

  it('on a phone, puts the filters and order behind one Filters button that counts the active filters', async () => {
    stubViewport(PHONE_WIDTH);
    const user = userEvent.setup();
    const { search } = renderList('/manager/users?role=admin&status=banned');
    const filters = await screen.findByRole('button', { name: 'Filters 2 active' });

    await user.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('data-vaul-drawer');
    expect(within(sheet).getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    // fireEvent inside the drawer: a real pointer press starts vaul's drag, which needs setPointerCapture
    // (jsdom has none).
    fireEvent.change(within(sheet).getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'name:asc' },
    });
    await waitFor(() =>
      expect(search()).toEqual({ role: 'admin', status: 'banned', sort: 'name', order: 'asc' }),
    );

    fireEvent.click(within(sheet).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(search()).toEqual({ sort: 'name', order: 'asc' }));
    expect(within(sheet).queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(sheet).toHaveAttribute('data-state', 'closed'));
    // jsdom runs no CSS animations: play the end of vaul's slide-out, after which the drawer unmounts.
    fireEvent(sheet, Object.assign(new Event('animationend'), { animationName: 'slideToBottom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No filter on any more: the button has no count.
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });
});
