import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

describe('onDemand', () => {
  it('fetches once however often it is asked, and re-renders its users when the part arrives', async () => {
    const fetchPart = vi.fn(async () => 'the part');
    const part = onDemand(fetchPart);
    function User() {
      return <p>{part.useLoaded() ?? 'not yet'}</p>;
    }
    render(<User />);
    expect(screen.getByText('not yet')).toBeVisible();
    await act(() => Promise.all([part.load(), part.load()]));
    expect(screen.getByText('the part')).toBeVisible();
    expect(fetchPart).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const fetchPart = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('the part');
    const part = onDemand<string>(fetchPart);
    await expect(part.load()).rejects.toThrow('offline');
    await expect(part.load()).resolves.toBe('the part');
    expect(fetchPart).toHaveBeenCalledTimes(2);
  });
});
