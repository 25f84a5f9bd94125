import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  stripSearchParams,
  useNavigate,
} from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { renderRouter } from '@/test/render';
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

/** The list inside a route wired like /manager/users: the view lives in the URL, written with replace. */
function renderList(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: {
      id: 'me',
      name: 'Me',
      email: 'me@example.com',
      emailVerified: true,
      image: null,
      role: 'admin',
      onboardedAt: null,
    },
    session: { id: 's', impersonatedBy: null },
  });
  const rootRoute = createRootRoute();
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/users',
    validateSearch: userListSearch,
    search: { middlewares: [stripSearchParams(userListDefaults)] },
    component: function Screen() {
      const navigate = useNavigate();
      const view = userListSearch.parse(listRoute.useSearch());
      return (
        <UserListPage
          view={view}
          onViewChange={(change) =>
            void navigate({
              to: '/manager/users',
              search: (previous) => ({ ...previous, ...change }),
              replace: true,
            })
          }
        />
      );
    },
  });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute]), history });
  renderRouter(router, queryClient);
  return { router, history };
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

const search = (router: ReturnType<typeof renderList>['router']) => router.state.location.search;

describe('UserListPage filters and order', () => {
  beforeEach(() => listUsers.mockReset().mockResolvedValue(page('Ada Lovelace')));

  it('writes role, status and order to the URL with replace, and lists that view', async () => {
    const user = userEvent.setup();
    const { router, history } = renderList('/manager/users');
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Users' })).getByText('Banned')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() => expect(search(router)).toEqual({ role: 'admin' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'banned');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'email:asc');
    await waitFor(() =>
      expect(search(router)).toEqual({ role: 'admin', status: 'banned', sort: 'email', order: 'asc' }),
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
    const { router } = renderList(
      '/manager/users?searchTerm=ab&status=notOnboarded&sort=name&order=desc&role=root',
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('notOnboarded');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name:desc');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveValue('ab');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'created:desc');
    await waitFor(() => expect(search(router)).toEqual({ searchTerm: 'ab', status: 'notOnboarded' }));
  });
});
