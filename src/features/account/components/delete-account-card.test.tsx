import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { DeleteAccountCard } from './delete-account-card';

const { authRequest } = vi.hoisted(() => ({ authRequest: vi.fn() }));
vi.mock('@/lib/auth-client', () => ({ authRequest }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: vi.fn(),
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

stubViewport(DESKTOP_WIDTH);
window.scrollTo = () => {};

const EMAIL = 'ada.lovelace@example.test';

function renderCard() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.session, { user: { email: EMAIL } });
  const rootRoute = createRootRoute();
  const accountRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/app/account',
    component: () => <DeleteAccountCard email={EMAIL} />,
  });
  const loginRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    component: () => <p>login screen</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([accountRoute, loginRoute]),
    history: createMemoryHistory({ initialEntries: ['/app/account'] }),
  });
  renderRouter(router, queryClient);
  return { router, queryClient };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const field = screen.getByRole('textbox', { name: `Type ${EMAIL} to confirm` });
  const confirm = () =>
    screen
      .getAllByRole<HTMLButtonElement>('button', { name: 'Delete my account' })
      .find((button) => dialog.contains(button)) as HTMLButtonElement;
  return { field, confirm };
}

describe('DeleteAccountCard', () => {
  beforeEach(() => authRequest.mockReset());

  it('keeps the delete button disabled until the exact e-mail is typed', async () => {
    renderCard();
    const { field, confirm } = await openDialog();
    expect(confirm().disabled).toBe(true);
    for (const typed of [
      'ada.lovelace@example',
      'ada.lovelace@example.tes',
      `x${EMAIL}`,
      'someone@example.test',
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      expect(confirm().disabled, typed).toBe(true);
    }
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(authRequest).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: ` ${EMAIL.toUpperCase()} ` } });
    expect(confirm().disabled).toBe(false);
  });

  it('forgets the typed address when the dialog is closed', async () => {
    renderCard();
    const first = await openDialog();
    fireEvent.change(first.field, { target: { value: EMAIL } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const second = await openDialog();
    expect((second.field as HTMLInputElement).value).toBe('');
    expect(second.confirm().disabled).toBe(true);
  });

  it('deletes, empties the cached session and lands on /login', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    const { router, queryClient } = renderCard();
    const { field, confirm } = await openDialog();
    fireEvent.change(field, { target: { value: EMAIL } });
    fireEvent.click(confirm());
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(authKeys.session)).toBeNull();
    expect(authRequest).toHaveBeenCalledTimes(1);
  });

  it('explains a refusal for the last admin and stays on the page', async () => {
    authRequest.mockResolvedValue({
      data: null,
      error: { status: 400, code: 'LAST_ADMIN', message: 'The last admin cannot delete their account' },
    });
    const { router } = renderCard();
    const { field, confirm } = await openDialog();
    fireEvent.change(field, { target: { value: EMAIL } });
    fireEvent.click(confirm());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You are the only admin. Make another user an admin before deleting your account.',
    );
    expect(router.state.location.pathname).toBe('/app/account');
  });
});
