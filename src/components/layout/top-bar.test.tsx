import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
} from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { renderRouter } from '@/test/render';
import { TopBar } from './top-bar';

function renderDetail(initialEntry: string) {
  const rootRoute = createRootRoute({ component: Outlet });
  const start = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/dashboard',
    component: () => (
      <>
        <h1>Dashboard</h1>
        <Link to="/manager/users/$id" params={{ id: '7' }}>
          Open user
        </Link>
      </>
    ),
  });
  const list = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/users',
    component: () => <h1>User list</h1>,
  });
  const detail = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager/users/$id',
    component: () => <TopBar title="Ada Lovelace" backTo="/manager/users" actions={<Button>Edit</Button>} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([start, list, detail]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
  });
  renderRouter(router);
  return router;
}

describe('TopBar', () => {
  it('shows the title as the heading, the actions, and goes to the parent without history', async () => {
    const user = userEvent.setup();
    const router = renderDetail('/manager/users/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'User list' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/manager/users');
  });

  it('goes back in history when the screen was reached inside the app', async () => {
    const user = userEvent.setup();
    const router = renderDetail('/manager/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Open user' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/manager/dashboard');
  });
});
