import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  useSearch,
} from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { LayoutFrame } from '@/components/layout/layout-frame';
import { AppError } from '@/lib/errors';
import { renderRouter } from '@/test/render';
import { authKeys } from '../queries';
import type { SessionInfo } from '../schema';
import { NotFoundScreen, RouteErrorScreen } from './error-screens';

const { authRequest, getSession } = vi.hoisted(() => ({ authRequest: vi.fn(), getSession: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: getSession,
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

// TanStack Router restores the scroll position after navigating; jsdom has no scrolling.
window.scrollTo = () => {};

function sessionOf(role: string): SessionInfo {
  return {
    user: {
      id: 'u1',
      name: 'Pat Plain',
      email: 'pat@example.com',
      emailVerified: true,
      image: null,
      role,
      onboardedAt: '2026-01-01T00:00:00.000Z',
    },
    session: { id: 's1', impersonatedBy: null, activeOrganizationId: null },
  };
}

/**
 * The app's error wiring on a small route tree: /manager refuses (FORBIDDEN, as its guard does), /inside
 * is a layout with its own frame, /broken fails to load, anything else is unknown.
 */
function renderAt(path: string, queryClient = new QueryClient()) {
  const rootRoute = createRootRoute();
  const managerRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/manager',
    beforeLoad: () => {
      throw new AppError('FORBIDDEN');
    },
  });
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    validateSearch: (search: Record<string, unknown>) => ({ redirect: String(search.redirect ?? '') }),
    component: function Login() {
      return <h1>Login, then {useSearch({ strict: false }).redirect}</h1>;
    },
  });
  const insideRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/inside',
    component: () => (
      <LayoutFrame>
        <header>Area header</header>
        <Outlet />
      </LayoutFrame>
    ),
  });
  // A layout matches an unknown path under it only when it has children (like the areas).
  const insideIndexRoute = createRoute({ getParentRoute: () => insideRoute, path: '/' });
  const brokenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    loader: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      managerRoute,
      loginRoute,
      insideRoute.addChildren([insideIndexRoute]),
      brokenRoute,
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
  });
  renderRouter(router, queryClient);
  return router;
}

function signedIn(role: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.session, sessionOf(role));
  return queryClient;
}

describe('error screens', () => {
  it('404, signed out: the header with the display settings, the heading, Home first, then Back', async () => {
    getSession.mockResolvedValue(null);
    renderAt('/no-such-page');
    const heading = await screen.findByRole('heading', { level: 1, name: 'This page could not be found' });
    expect(heading).toBeVisible();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: appConfig.name })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const actions = within(main).getAllByRole('link').concat(within(main).getAllByRole('button'));
    expect(actions.map((action) => action.textContent)).toEqual(['Home', 'Back']);
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveClass('bg-primary');
    expect(within(main).getByRole('button', { name: 'Back' })).not.toHaveClass('bg-primary');
  });

  it('404, signed in as a manager: the user menu, and Home goes to the dashboard', async () => {
    renderAt('/no-such-page', signedIn('admin'));
    await screen.findByRole('heading', { level: 1, name: 'This page could not be found' });
    const banner = screen.getByRole('banner');
    // The menu's code is fetched when a signed-in visitor's error page first renders.
    expect(await within(banner).findByRole('button', { name: /^Account menu/ })).toBeVisible();
    expect(within(banner).queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/manager/dashboard');
  });

  it('404 when the session lookup failed: still the page, signed out', async () => {
    getSession.mockRejectedValue(new Error('SERVICE_UNAVAILABLE'));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await queryClient.prefetchQuery({ queryKey: authKeys.session, queryFn: () => getSession() });
    renderAt('/no-such-page', queryClient);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be found' }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('banner')).getByRole('combobox', { name: 'Language' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('inside an area layout the page adds no second header', async () => {
    renderAt('/inside/nothing-here', signedIn('user'));
    await screen.findByRole('heading', { level: 1, name: 'This page could not be found' });
    expect(screen.getAllByRole('banner')).toEqual([screen.getByText('Area header')]);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app');
  });

  it('403: Home to the visitor’s area, and signing in with another account comes back here', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    const user = userEvent.setup();
    const router = renderAt('/manager', signedIn('user'));
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: "You don't have access to this page",
    });
    expect(heading).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/app');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(await screen.findByText('pat@example.com', { selector: 'main *' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login, then /manager' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(authRequest).toHaveBeenCalledTimes(1);
  });

  it('a failed loader shows the generic page: Home stays the one primary action, Try Again is secondary', async () => {
    renderAt('/broken', signedIn('admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/ECONNREFUSED/);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('bg-primary');
    expect(screen.getByRole('button', { name: 'Try Again' })).not.toHaveClass('bg-primary');
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Account menu/ })).toBeVisible();
  });
});
