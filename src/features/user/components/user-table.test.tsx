import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListRoute } from '@/test/list-route';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import type { UserListItem } from '../schema';
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

const person = (id: string, name: string, email: string): UserListItem => ({
  id,
  name,
  email,
  image: null,
  role: 'user',
  status: 'active',
  banExpires: null,
  createdAt: '2026-01-01T00:00:00Z',
});

function renderTable(url: string, viewer?: { id?: string; role?: string }) {
  return renderListRoute({
    path: '/manager/users',
    url,
    search: userListSearch,
    defaults: userListDefaults,
    viewer,
    page: (view, onViewChange) => <UserListPage view={view} onViewChange={onViewChange} />,
  });
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

/** The actions in a row's menu, once opened, by their names. */
async function menuActions(rowName: string) {
  const user = userEvent.setup();
  const trigger = screen.getByRole('button', { name: `Actions for \u2068${rowName}\u2069` });
  await user.click(trigger);
  const menu = screen.getByRole('group', { name: `Actions for \u2068${rowName}\u2069` });
  // In the order shown: links and buttons alike.
  return Array.from(menu.querySelectorAll('a, button'), (item) => ({
    name: item.textContent,
    href: item.getAttribute('href'),
  }));
}

describe('the user table', () => {
  beforeEach(() =>
    listUsers.mockReset().mockResolvedValue({
      items: [person('u1', 'Ada Lovelace', 'ada@example.com'), person('me', 'Me', 'me@example.com')],
      nextCursor: null,
      total: 2,
      totalCapped: false,
    }),
  );

  it('sorts from its headers: the order goes to the URL, the list asks for it, aria-sort follows', async () => {
    const user = userEvent.setup();
    const { search, history } = renderTable('/manager/users');
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    // Role and status do not sort: their headers are text.
    expect(within(header('Role')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(search()).toEqual({ sort: 'email', order: 'asc' }));
    expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Created')).not.toHaveAttribute('aria-sort');
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith({
        data: { searchTerm: '', role: '', status: '', sort: 'email', order: 'asc', cursor: undefined },
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Email' }));
    // Descending is the default direction, so the URL leaves it out.
    await waitFor(() => expect(search()).toEqual({ sort: 'email' }));
    expect(header('Email')).toHaveAttribute('aria-sort', 'descending');
    // The select says the same order.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('email:desc');

    // Back to newest first, the default: the URL is bare again.
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(search()).toEqual({}));
    expect(history.length).toBe(1);
  });

  it('links each row once, to the user, from the name', async () => {
    renderTable('/manager/users');
    const row = await screen.findByRole('row', { name: /Ada Lovelace/ });
    const links = within(row).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Ada Lovelace');
    expect(links[0]).toHaveAttribute('href', '/manager/users/u1');
  });

  it("offers an admin View, Edit and Delete in another user's menu, never Delete in their own", async () => {
    renderTable('/manager/users');
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(await menuActions('Ada Lovelace')).toEqual([
      { name: 'View', href: '/manager/users/u1' },
      { name: 'Edit', href: '/manager/users/u1/update' },
      { name: 'Delete user', href: null },
    ]);
    expect(await menuActions('Me')).toEqual([
      { name: 'View', href: '/manager/users/me' },
      { name: 'Edit', href: '/manager/users/me/update' },
    ]);
  });

  it('offers a role without user changes only View', async () => {
    renderTable('/manager/users', { role: 'user' });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(await menuActions('Ada Lovelace')).toEqual([{ name: 'View', href: '/manager/users/u1' }]);
  });

  it('asks for the address before deleting from the row menu', async () => {
    stubViewport(DESKTOP_WIDTH);
    const user = userEvent.setup();
    renderTable('/manager/users');
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await menuActions('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(within(dialog).getByRole('button', { name: 'Delete user' })).toBeDisabled();
    // The label's code arrives on the dialog's first opening.
    expect(await within(dialog).findByText('ada@example.com')).toBeVisible();
  });
});
