import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { userKeys } from '../queries';
import type { UserDetail } from '../schema';
import { UserCreatePage } from './user-create-page';
import { UserUpdatePage } from './user-update-page';

const { admin } = vi.hoisted(() => ({
  admin: { createUser: vi.fn(), updateUser: vi.fn(), setRole: vi.fn() },
}));
// The real `authRequest` runs over a fake client: only the network is replaced.
vi.mock('better-auth/react', () => ({ createAuthClient: () => ({ admin }) }));
vi.mock('../functions', () => ({ $listUsers: vi.fn(), $getUser: vi.fn() }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn().mockResolvedValue(null),
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

window.scrollTo = () => {};
// The unsaved-changes dialog picks dialog or drawer by viewport width.
stubViewport(DESKTOP_WIDTH);

const ada: UserDetail = {
  id: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  role: 'admin',
  status: 'active',
  banExpires: null,
  createdAt: '2026-01-01T00:00:00Z',
  emailVerified: true,
  onboardedAt: '2026-01-01T00:00:00Z',
  banReason: null,
  lastSignInAt: null,
};

function renderAt(url: string, viewerId: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: { ...ada, id: viewerId, image: null, onboardedAt: null },
    session: { id: 's', impersonatedBy: null },
  });
  queryClient.setQueryData(userKeys.detail('ada'), ada);
  const rootRoute = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => rootRoute, path: '/manager/users', component: () => <p>list</p> }),
    createRoute({ getParentRoute: () => rootRoute, path: '/manager/users/new', component: UserCreatePage }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/manager/users/$id',
      component: () => <p>user page</p>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/manager/users/$id/update',
      component: () => <UserUpdatePage id="ada" />,
    }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderRouter(router, queryClient);
  return router;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const roleSelect = () => screen.getByRole('combobox', { name: 'Role' });

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup();
});

describe('UserUpdatePage', () => {
  beforeEach(() => {
    for (const fn of Object.values(admin)) fn.mockReset().mockResolvedValue({ data: {}, error: null });
  });

  it('shows your own role read-only and never sends it', async () => {
    const router = renderAt('/manager/users/ada/update', 'ada');
    expect(await screen.findByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(roleSelect()).toHaveAccessibleDescription("You can't update your own role.");
    expect(screen.getByText("You can't update your own role.")).toBeVisible();

    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/users/ada'));
    expect(admin.updateUser).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'ada', data: { name: 'Ada King' } }),
    );
    expect(admin.setRole).not.toHaveBeenCalled();
  });

  it("lets an admin change someone else's role", async () => {
    renderAt('/manager/users/ada/update', 'someone-else');
    const select = await screen.findByRole('combobox', { name: 'Role' });
    expect(select).toBeEnabled();
    expect(screen.queryByText("You can't update your own role.")).not.toBeInTheDocument();
    await user.selectOptions(select, 'user');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(admin.setRole).toHaveBeenCalledWith(expect.objectContaining({ userId: 'ada', role: 'user' })),
    );
    // Nothing else changed, so nothing else is sent.
    expect(admin.updateUser).not.toHaveBeenCalled();
  });
});

describe('UserCreatePage', () => {
  it('marks a taken address on the e-mail field and keeps what was typed', async () => {
    admin.createUser.mockReset().mockResolvedValue({
      data: null,
      error: { status: 400, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'exists' },
    });
    const router = renderAt('/manager/users/new', 'someone-else');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Grace');
    await user.type(field('Email'), 'ada@example.com');
    await user.selectOptions(roleSelect(), 'admin');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Email already used')).toBeVisible();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Email')).toHaveAccessibleDescription('Email already used');
    expect(field('Name')).toHaveValue('Grace');
    expect(field('Email')).toHaveValue('ada@example.com');
    expect(roleSelect()).toHaveValue('admin');
    expect(router.state.location.pathname).toBe('/manager/users/new');
    expect(admin.createUser).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Grace', email: 'ada@example.com', role: 'admin' }),
    );
  });
});
