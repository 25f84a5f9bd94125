import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { BanDialog } from './ban-dialog';
// Fetched by the dialog on its first opening; loaded ahead so that the first test does not wait for its
// transform.
import './ban-form';

const { authRequest, banUser } = vi.hoisted(() => ({ authRequest: vi.fn(), banUser: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));

stubViewport(DESKTOP_WIDTH);

// 10 March 2025, 09:30 local time.
const NOW = new Date(2025, 2, 10, 9, 30);
const format = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });
const preview = () => screen.getByTestId('ban-preview').textContent;
let user: UserEvent;

async function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <BanDialog user={{ id: 'u1', name: 'Ada Lovelace' }} open onOpenChange={onOpenChange} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The dialog's code arrives on its first opening (responsive-dialog.tsx), then its form's (ban-dialog.tsx).
  await screen.findByRole('dialog');
  await screen.findByRole('textbox', { name: 'Reason' });
  return { onOpenChange };
}

describe('BanDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    authRequest.mockReset();
    banUser.mockReset();
    authRequest.mockImplementation((call: (client: object, options: object) => unknown) =>
      call({ admin: { banUser } }, { onError: () => {} }),
    );
    banUser.mockResolvedValue({ data: { user: {} }, error: null });
    // Only Date is faked: user-event's own timers still run.
    user = userEvent.setup();
  });
  afterEach(() => vi.useRealTimers());

  it('previews 7 days ahead by default, and sends that many seconds', async () => {
    const { onOpenChange } = await renderDialog();
    const sevenDays = new Date(NOW.getTime() + 7 * 86_400_000);
    expect(preview()).toBe(`Banned until ${format.format(sevenDays)}`);

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), '  Spam  ');
    await user.click(screen.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(banUser).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'u1', banReason: 'Spam', banExpiresIn: 7 * 86_400 }),
    );
  });

  it('follows the chosen duration: 1 day, 30 days, permanent', async () => {
    await renderDialog();
    await user.click(screen.getByRole('radio', { name: '1 day' }));
    expect(screen.getByRole('radio', { name: '1 day' })).toBeChecked();
    expect(preview()).toBe(`Banned until ${format.format(new Date(NOW.getTime() + 86_400_000))}`);
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    expect(preview()).toBe(`Banned until ${format.format(new Date(NOW.getTime() + 30 * 86_400_000))}`);
    await user.click(screen.getByRole('radio', { name: 'Permanently' }));
    expect(preview()).toBe('Banned permanently');
  });

  it('sends no end for a permanent ban', async () => {
    await renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Permanently' }));
    await user.click(screen.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(banUser).toHaveBeenCalled());
    expect(banUser.mock.calls[0]?.[0]).toMatchObject({ userId: 'u1', banExpiresIn: undefined });
  });

  it('asks for a date, then previews the picked one', async () => {
    await renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Until a date' }));
    expect(preview()).toBe('Pick the date the ban ends.');
    await user.click(screen.getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText('Pick an end date')).toBeVisible();
    expect(banUser).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: /End date/ }));
    await user.click(await screen.findByRole('button', { name: 'Thursday, March 20, 2025' }));
    await waitFor(() => expect(preview()).toBe(`Banned until ${format.format(new Date(2025, 2, 20))}`));
  });

  it('refuses a reason longer than the limit before calling the server', async () => {
    await renderDialog();
    const { banReasonMax } = appConfig.limits;
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    // The field stops input at the limit; a longer value (maxLength bypassed) is still checked.
    reason.removeAttribute('maxLength');
    await user.click(reason);
    await user.paste('x'.repeat(banReasonMax + 1));
    await user.click(screen.getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText(`The reason can be at most ${banReasonMax} characters`)).toBeVisible();
    expect(banUser).not.toHaveBeenCalled();
  });
});
