import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '@/test/i18n';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';

function renderDialog(onConfirm: () => Promise<unknown> | void) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ConfirmDialog description="You will need a new code to log in again." onConfirm={onConfirm}>
        <Button>Sign Out</Button>
      </ConfirmDialog>
    </I18nextProvider>,
  );
}

describe('ConfirmDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks "Are you sure?"; Cancel closes without acting', async () => {
    stubViewport(DESKTOP_WIDTH);
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('You will need a new code to log in again.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Confirm runs the action, stays disabled while it runs, then closes', async () => {
    stubViewport(DESKTOP_WIDTH);
    const user = userEvent.setup();
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm).toBeDisabled());
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
