import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseServerEnv, resolveDemoFlag } from './env';

describe('demo flag on the server', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('prefers the runtime value over the build-time one, and falls back to it', () => {
    expect(resolveDemoFlag('true', 'false')).toBe(true);
    expect(resolveDemoFlag('false', 'true')).toBe(false);
    expect(resolveDemoFlag(undefined, 'true')).toBe(true);
    expect(resolveDemoFlag(undefined, undefined)).toBe(false);
  });

  it('reads VITE_IS_DEMO from the process environment', async () => {
    for (const value of ['true', 'false']) {
      // `serverEnv` is parsed once per process: each case loads a fresh copy of the module.
      vi.resetModules();
      vi.stubEnv('VITE_IS_DEMO', value);
      const { isDemoMode } = await import('./env');
      expect(isDemoMode()).toBe(value === 'true');
    }
  });

  it("accepts only 'true' or 'false' at run time; empty means unset", () => {
    expect(() => parseServerEnv({ VITE_IS_DEMO: 'yes' })).toThrow(/VITE_IS_DEMO: must be 'true' or 'false'/);
    expect(parseServerEnv({ VITE_IS_DEMO: '' }).VITE_IS_DEMO).toBeUndefined();
  });
});
