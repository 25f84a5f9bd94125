import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, ToastHost } from './toast';

function Page() {
  return (
    <>
      <button type="button" onClick={() => toast.success('Repository saved')}>
        Save
      </button>
      <button type="button" onClick={() => toast.error('Could not delete')}>
        Delete
      </button>
      <ToastHost closeButton />
    </>
  );
}

// One page for the whole file: sonner is loaded once per page, as in the browser.
describe('toasts with sonner loaded on the first one', () => {
  it('renders nothing until the first toast, then shows it', async () => {
    const { container } = render(<Page />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Repository saved')).toBeTruthy();
  });

  it('shows the next toasts at once, in order', async () => {
    render(<Page />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Could not delete')).toBeTruthy();
    expect((await screen.findAllByText('Repository saved')).length).toBeGreaterThan(0);
  });
});
