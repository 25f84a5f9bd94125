import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ResponsiveDialog } from './responsive-dialog';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@/test/i18n';
import { stubViewport } from '@/test/viewport';

const i18n = createTestI18n();

function Example({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={i18n}>
      <ResponsiveDialog
        open={open}
        onOpenChange={setOpen}
        title="Rename repository"
        description={description}
        trigger={<Button>Rename</Button>}
      >
        <input aria-label="New name" />
      </ResponsiveDialog>
    </I18nextProvider>
  );
}

async function openDialog(description?: string) {
  const user = userEvent.setup();
  render(<Example description={description} />);
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  return screen.findByRole('dialog', { name: 'Rename repository' });
}

describe('ResponsiveDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a bottom drawer below 640 px', async () => {
    stubViewport(639);
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('data-vaul-drawer');
    expect(dialog).toHaveAttribute('data-vaul-drawer-direction', 'bottom');
  });

  it('is a centred dialog from 640 px up', async () => {
    stubViewport(640);
    const dialog = await openDialog();
    expect(dialog).not.toHaveAttribute('data-vaul-drawer');
    expect(document.querySelector('[data-vaul-drawer]')).not.toBeInTheDocument();
  });

  it.each([
    ['drawer', 375],
    ['dialog', 1024],
  ])('as a %s, announces its title and description', async (_kind, width) => {
    stubViewport(width);
    const dialog = await openDialog('Links to it keep working.');
    expect(dialog).toHaveAccessibleName('Rename repository');
    expect(dialog).toHaveAccessibleDescription('Links to it keep working.');
  });

  it.each([
    ['drawer', 375],
    ['dialog', 1024],
  ])('as a %s, gives focus back to the trigger on Escape', async (_kind, width) => {
    stubViewport(width);
    const user = userEvent.setup();
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
    // jsdom runs no CSS animations (and has no AnimationEvent): play the end of vaul's slide-out, which the
    // drawer waits for before it unmounts and hands focus back.
    fireEvent(dialog, Object.assign(new Event('animationend'), { animationName: 'slideToBottom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
  });

  it('before its first opening is only its trigger, marked as opening a closed dialog', () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Rename' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps focus on a trigger whose dialog code arrives while it has focus', async () => {
    stubViewport(1024);
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Rename' });
    trigger.focus();
    // Focus fetches the dialog's code ahead of the click; its arrival must not replace the focused button.
    await import('./responsive-dialog-content');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Rename' })).toBe(trigger);
  });

  it('when its code cannot be fetched, says so and stays closed', async () => {
    vi.resetModules();
    const toastError = vi.fn();
    vi.doMock('./toast', () => ({ toast: { error: toastError, success: vi.fn() } }));
    vi.doMock('./responsive-dialog-content', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { ResponsiveDialog: Offline } = await import('./responsive-dialog');
    const onOpenChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Offline open onOpenChange={onOpenChange} title="Rename repository" />
      </I18nextProvider>,
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toastError).toHaveBeenCalledWith('Something went wrong');
    vi.doUnmock('./toast');
    vi.doUnmock('./responsive-dialog-content');
  });

  it('needs no description and then does not warn about one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubViewport(1024);
    const dialog = await openDialog();
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect([...warn.mock.calls, ...error.mock.calls].flat().join(' ')).not.toMatch(/Description/);
  });
});
