import { describe, expect, it, vi } from 'vitest';
import { lazyImport } from './lazy-import';

describe('lazyImport', () => {
  it('starts nothing until called, then shares one download between callers', async () => {
    const load = vi.fn(() => Promise.resolve('module'));
    const get = lazyImport(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect([first, second, await get()]).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module');
    const get = lazyImport(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('module');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
