import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { ChangeNameDialog } from './change-name-dialog';

const { authRequest, getSession } = vi.hoisted(() => ({ authRequest: vi.fn(), getSession: vi.fn() }));
vi.mock('@/lib/auth-client', () => ({ authRequest }));
vi.mock('@/features/auth/functions', () => ({
  $getSession: getSession,
  $getAuthConfig: vi.fn(),
  $completeOnboarding: vi.fn(),
}));

// The centred dialog (≥ 640 px); the drawer shares the same form.
stubViewport(DESKTOP_WIDTH);

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={createTestI18n()}>
        <ChangeNameDialog open onOpenChange={onOpenChange} currentName="Ada Lovelace" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('ChangeNameDialog', () => {
  beforeEach(() => {
    authRequest.mockReset();
    getSession.mockReset().mockResolvedValue(null);
  });

  it('opens on the current name, in a dialog named "Change name"', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Change name' })).toBeTruthy();
    expect(nameField().value).toBe('Ada Lovelace');
  });

  it('shows translated errors and keeps what was typed, without calling the server', async () => {
    renderDialog();
    fireEvent.change(nameField(), { target: { value: '   ' } });
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(nameField().value).toBe('   ');
    expect(nameField().getAttribute('aria-invalid')).toBe('true');

    const long = 'L'.repeat(101);
    fireEvent.change(nameField(), { target: { value: long } });
    save();
    expect(await screen.findByText('Name is invalid')).toBeTruthy();
    expect(nameField().value).toBe(long);
    expect(authRequest).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field and keeps the typed name", async () => {
    authRequest.mockResolvedValue({
      data: null,
      error: { status: 400, code: 'INVALID_NAME', message: 'raw' },
    });
    const onOpenChange = renderDialog();
    fireEvent.change(nameField(), { target: { value: 'Grace Hopper' } });
    save();
    expect(await screen.findByText('Name is invalid')).toBeTruthy();
    expect(nameField().value).toBe('Grace Hopper');
    expect(screen.queryByText('raw')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows other failures above the buttons, translated', async () => {
    authRequest.mockResolvedValue({ data: null, error: { status: 0, code: 'NETWORK_ERROR' } });
    renderDialog();
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server, check your connection and try again',
    );
    expect(nameField().value).toBe('Ada Lovelace');
  });

  it('saves, refreshes the session and closes', async () => {
    authRequest.mockResolvedValue({ data: { status: true }, error: null });
    const onOpenChange = renderDialog();
    fireEvent.change(nameField(), { target: { value: 'Grace Hopper' } });
    save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(authRequest).toHaveBeenCalledTimes(1);
    expect(getSession).toHaveBeenCalled();
  });
});
