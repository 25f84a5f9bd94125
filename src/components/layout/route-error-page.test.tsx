import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRouter } from '@/test/render';
import { RouteErrorPage } from './route-error-page';

function renderFailingRoute(load: () => Promise<string>) {
  const rootRoute = createRootRoute();
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: load,
    component: function Loaded() {
      return <p>{pageRoute.useLoaderData()}</p>;
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  renderRouter(router);
}

describe('RouteErrorPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a translated message, never the raw error text', async () => {
    renderFailingRoute(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(document.body).not.toHaveTextContent(/ECONNREFUSED/);
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('maps a known error code to its message', async () => {
    renderFailingRoute(() => Promise.reject(new Error('UNAUTHORIZED')));
    expect(await screen.findByRole('heading', { name: 'Please sign in to continue' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });

  it('shows a refusal as the 403 page, without Try Again', async () => {
    renderFailingRoute(() => Promise.reject(new Error('FORBIDDEN')));
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    expect(screen.getByText('403')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('Try Again waits ~600 ms, is disabled meanwhile, then reloads the data', async () => {
    let calls = 0;
    renderFailingRoute(async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return 'Loaded again';
    });
    const button = await screen.findByRole('button', { name: 'Try Again' });
    vi.useFakeTimers();
    // fireEvent, not user-event: it dispatches synchronously under fake timers, before any timer runs.
    fireEvent.click(button);
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    expect(await screen.findByText('Loaded again')).toBeVisible();
    expect(calls).toBe(2);
  });
});
