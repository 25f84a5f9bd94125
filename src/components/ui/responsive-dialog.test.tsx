import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ResponsiveDialog } from './responsive-dialog';
import { stubViewport } from '@/test/viewport';

function Example({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={setOpen}
      title="Rename repository"
      description={description}
      trigger={<Button>Rename</Button>}
    >
      <input aria-label="New name" />
    </ResponsiveDialog>
  );
}

async function openDialog(description?: string) {
  render(<Example description={description} />);
  fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
  return screen.findByRole('dialog', { name: 'Rename repository' });
}

describe('ResponsiveDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a bottom drawer below 640 px', async () => {
    stubViewport(639);
    const dialog = await openDialog();
    expect(dialog.hasAttribute('data-vaul-drawer')).toBe(true);
    expect(dialog.getAttribute('data-vaul-drawer-direction')).toBe('bottom');
  });

  it('is a centred dialog from 640 px up', async () => {
    stubViewport(640);
    const dialog = await openDialog();
    expect(dialog.hasAttribute('data-vaul-drawer')).toBe(false);
    expect(document.querySelector('[data-vaul-drawer]')).toBeNull();
  });

  it.each([
    ['drawer', 375],
    ['dialog', 1024],
  ])('as a %s, announces its title and description', async (_kind, width) => {
    stubViewport(width);
    const dialog = await openDialog('Links to it keep working.');
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      'Links to it keep working.',
    );
  });

  it.each([
    ['drawer', 375],
    ['dialog', 1024],
  ])('as a %s, gives focus back to the trigger on Escape', async (_kind, width) => {
    stubViewport(width);
    const dialog = await openDialog();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(dialog.getAttribute('data-state')).toBe('closed'));
    // jsdom runs no CSS animations (and has no AnimationEvent): play the end of vaul's slide-out, which the
    // drawer waits for before it unmounts and hands focus back.
    fireEvent(dialog, Object.assign(new Event('animationend'), { animationName: 'slideToBottom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' })));
  });

  it('needs no description and then does not warn about one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubViewport(1024);
    const dialog = await openDialog();
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect([...warn.mock.calls, ...error.mock.calls].flat().join(' ')).not.toMatch(/Description/);
  });
});
