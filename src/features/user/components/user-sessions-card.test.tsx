import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { UserSessionsCard } from './user-sessions-card';

const { authRequest, $fetch, $listUserSessions } = vi.hoisted(() => ({
  authRequest: vi.fn(),
  $fetch: vi.fn(),
  $listUserSessions: vi.fn(),
}));
vi.mock('@/features/auth/client', () => ({ authRequest }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: vi.fn() }));
vi.mock('../functions', () => ({ $listUserSessions, $listUsers: vi.fn(), $getUser: vi.fn() }));

stubViewport(DESKTOP_WIDTH);

const session = (id: string, current: boolean, ipAddress: string) => ({
  id,
  current,
  impersonated: false,
  browser: 'Firefox 128',
  os: 'Linux',
  ipAddress,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  expiresAt: '2025-03-09T10:00:00.000Z',
});

function renderCard(role = 'admin') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: { id: 'admin-1', role },
    session: { id: 'mine', impersonatedBy: null },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n()}>
        <UserSessionsCard userId="admin-1" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('UserSessionsCard', () => {
  beforeEach(() => {
    authRequest.mockReset();
    $fetch.mockReset();
    $listUserSessions.mockReset();
    authRequest.mockImplementation((call: (client: object, options: object) => unknown) =>
      call({ $fetch, admin: {} }, { onError: () => {} }),
    );
    $fetch.mockResolvedValue({ data: { success: true }, error: null });
    $listUserSessions.mockResolvedValue([
      session('mine', true, '192.0.2.1'),
      session('other', false, '192.0.2.2'),
    ]);
  });

  it('offers no revoke on the viewer’s own current session, and revokes another by id after confirming', async () => {
    const user = userEvent.setup();
    renderCard();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Your current session')).toBeVisible();
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('192.0.2.2')).toBeVisible();

    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Revoke Firefox 128 on Linux' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect($fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect($fetch).toHaveBeenCalled());
    expect($fetch.mock.calls[0]?.[0]).toBe('/admin/revoke-user-session');
    expect($fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: { sessionId: 'other' } });
    // The list is read again once the session is gone.
    await waitFor(() => expect($listUserSessions).toHaveBeenCalledTimes(2));
  });

  it('shows no revoke action to a viewer whose role may not revoke', async () => {
    renderCard('user');
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
