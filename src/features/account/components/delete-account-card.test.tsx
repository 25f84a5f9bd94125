import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { renderRouter } from '@/test/render';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { DeleteAccountCard } from './delete-account-card';

const { authRequest } = vi.hoisted(() => ({ authRequest: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));
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

let user: UserEvent;

async function openDialog() {
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const field = screen.getByRole('textbox', { name: `Type ${EMAIL} to confirm` });
  const confirm = () => within(dialog).getByRole('button', { name: 'Delete my account' });
  return { field, confirm };
}

describe('DeleteAccountCard', () => {
  beforeEach(() => {
    authRequest.mockReset();
    user = userEvent.setup();
  });

  it('keeps the delete button disabled until the exact e-mail is typed', async () => {
    renderCard();
    const { field, confirm } = await openDialog();
    expect(confirm()).toBeDisabled();
    for (const typed of [
      'ada.lovelace@example',
      'ada.lovelace@example.tes',
      `x${EMAIL}`,
      'someone@example.test',
    ]) {
      // Pasted over what was there: typing 150 characters one by one only slows the test down.
      await user.clear(field);
      await user.paste(typed);
      expect(confirm(), typed).toBeDisabled();
    }
    // fireEvent: Enter would not submit past the disabled button; the form itself must refuse too.
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(authRequest).not.toHaveBeenCalled();

    await user.clear(field);
    await user.paste(` ${EMAIL.toUpperCase()} `);
    expect(confirm()).toBeEnabled();
  });

  it('forgets the typed address when the dialog is closed', async () => {
    renderCard();
    const first = await openDialog();
    await user.type(first.field, EMAIL);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const second = await openDialog();
    expect(second.field).toHaveValue('');
    expect(second.confirm()).toBeDisabled();
  });

  it('deletes, empties the cached session and lands on /login', async () => {
    authRequest.mockResolvedValue({ data: { success: true }, error: null });
    const { router, queryClient } = renderCard();
    const { field, confirm } = await openDialog();
    await user.type(field, EMAIL);
    await user.click(confirm());
    expect(await screen.findByText('login screen')).toBeVisible();
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
    await user.type(field, EMAIL);
    await user.click(confirm());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You are the only admin. Make another user an admin before deleting your account.',
    );
    expect(router.state.location.pathname).toBe('/app/account');
  });
});
