import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import type { SessionInfo } from '@/features/auth/schema';
import { renderRouter } from '@/test/render';
import { HomePage } from './home-page';

function renderHome(role: string) {
  const queryClient = new QueryClient();
  const session: SessionInfo = {
    user: {
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: null,
      role,
      onboardedAt: new Date(0).toISOString(),
    },
    session: { id: 's1', impersonatedBy: null, activeOrganizationId: null },
  };
  queryClient.setQueryData(authKeys.session, session);
  const router = createRouter({
    routeTree: createRootRoute({ component: HomePage }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderRouter(router, queryClient);
}

describe('HomePage', () => {
  it('greets the user by name and links into the app', async () => {
    renderHome('user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Repositories/ })).toHaveAttribute('href', '/app/repositories');
    expect(screen.getByRole('link', { name: /Account/ })).toHaveAttribute('href', '/app/account');
    expect(screen.queryByRole('link', { name: /Manager area/ })).not.toBeInTheDocument();
  });

  it('offers the manager area to a role that may enter it', async () => {
    renderHome('user,admin');
    const link = await screen.findByRole('link', { name: /Manager area/ });
    expect(link).toHaveAttribute('href', '/manager/dashboard');
  });
});
