import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { ChangeNameDialog } from './change-name-dialog';
// Fetched by the dialog on its first opening; loaded ahead so that the first test does not wait for its
// transform.
import './change-name-form';

const { authRequest, getSession } = vi.hoisted(() => ({ authRequest: vi.fn(), getSession: vi.fn() }));
vi.mock('@/features/auth/client', () => ({ authRequest }));
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

/** Renders the dialog and waits for its form, whose code arrives on the dialog's first opening. */
async function openDialog() {
  const onOpenChange = renderDialog();
  await screen.findByRole('textbox', { name: 'Name' });
  return onOpenChange;
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
let user: UserEvent;
const save = () => user.click(screen.getByRole('button', { name: 'Save' }));
/** Replaces the name in the field, as a user selecting it and typing over it. */
async function typeName(name: string) {
  await user.clear(nameField());
  await user.type(nameField(), name);
}

describe('ChangeNameDialog', () => {
  beforeEach(() => {
    authRequest.mockReset();
    getSession.mockReset().mockResolvedValue(null);
    user = userEvent.setup();
  });

  it('opens on the current name, in a dialog named "Change name"', async () => {
    await openDialog();
    expect(screen.getByRole('dialog', { name: 'Change name' })).toBeVisible();
    expect(nameField()).toHaveValue('Ada Lovelace');
  });

  it('shows translated errors and keeps what was typed, without calling the server', async () => {
    await openDialog();
    await typeName('   ');
    await save();
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(nameField()).toHaveValue('   ');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Name is required');

    const long = 'L'.repeat(appConfig.limits.userNameMax + 1);
    await user.clear(nameField());
    await user.paste(long);
    await save();
    expect(await screen.findByText('Name is invalid')).toBeVisible();
    expect(nameField()).toHaveValue(long);
    expect(authRequest).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field and keeps the typed name", async () => {
    authRequest.mockResolvedValue({
      data: null,
      error: { status: 400, code: 'INVALID_NAME', message: 'raw' },
    });
    const onOpenChange = await openDialog();
    await typeName('Grace Hopper');
    await save();
    expect(await screen.findByText('Name is invalid')).toBeVisible();
    expect(nameField()).toHaveValue('Grace Hopper');
    expect(screen.queryByText('raw')).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows other failures above the buttons, translated', async () => {
    authRequest.mockResolvedValue({ data: null, error: { status: 0, code: 'NETWORK_ERROR' } });
    await openDialog();
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server, check your connection and try again',
    );
    expect(nameField()).toHaveValue('Ada Lovelace');
  });

  it('saves, refreshes the session and closes', async () => {
    authRequest.mockResolvedValue({ data: { status: true }, error: null });
    const onOpenChange = await openDialog();
    await typeName('Grace Hopper');
    await save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(authRequest).toHaveBeenCalledTimes(1);
    expect(getSession).toHaveBeenCalled();
  });
});
