import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { SecurityAlertsCard } from './security-alerts-card';

const { $getSignInAlerts, $setSignInAlerts, toast } = vi.hoisted(() => ({
  $getSignInAlerts: vi.fn(),
  $setSignInAlerts: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('../functions', () => ({ $getSignInAlerts, $setSignInAlerts }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast }));

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <SecurityAlertsCard />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('switch', { name: 'E-mail me when a new browser signs in to my account' });
}

describe('SecurityAlertsCard', () => {
  beforeEach(() => {
    $getSignInAlerts.mockReset();
    $setSignInAlerts.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows the stored setting and turns it off with the server', async () => {
    $getSignInAlerts.mockResolvedValue(true);
    $setSignInAlerts.mockResolvedValue(false);
    const toggle = renderCard();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(toggle).toBeChecked());

    await userEvent.click(toggle);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("You won't get e-mails about new sign-ins"),
    );
    expect($setSignInAlerts).toHaveBeenCalledWith({ data: { enabled: false } });
    expect(toggle).not.toBeChecked();
  });

  it('keeps the stored value when the server refuses the change', async () => {
    $getSignInAlerts.mockResolvedValue(false);
    $setSignInAlerts.mockRejectedValue(new Error('FORBIDDEN'));
    const toggle = renderCard();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });
});
