import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    const user = userEvent.setup();
    const { container } = render(<Page />);
    expect(container.querySelector('[data-sonner-toaster]')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Repository saved')).toBeVisible();
  });

  it('shows the next toasts at once, in order', async () => {
    render(<Page />);
    // fireEvent: both clicks land in the same act, so neither toast gets to wait on the other.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Could not delete');
    // Newest in front: Save's toast, then Delete's (the first test's toast is still further down).
    const [front, ...behind] = screen.getAllByRole('listitem');
    expect(front).toHaveTextContent(/^Repository saved$/);
    expect(behind[0]).toHaveTextContent(/^Could not delete$/);
    // The front toast is readable at once; sonner fades those stacked behind it until hovered.
    expect(within(front!).getByText('Repository saved')).toBeVisible();
  });
});
