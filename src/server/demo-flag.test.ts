import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as envModule from './env';
import { parseServerEnv } from './env';

type EnvModule = typeof envModule;

/**
 * `src/server/env.ts` built for production the way `vite build` builds the server, with `VITE_IS_DEMO`
 * inlined as `buildValue` (Vite replaces `import.meta.env.VITE_*` at build time; under Vitest the two are
 * one and the same, so only a build shows what the production server does). Inside node_modules so the
 * bundle's own imports (zod) resolve.
 */
async function builtEnvModule(buildValue: string): Promise<{ module: EnvModule; remove: () => void }> {
  const cache = join(process.cwd(), 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'demo-flag-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    publicDir: false,
    define: { 'import.meta.env.VITE_IS_DEMO': JSON.stringify(buildValue) },
    build: { ssr: join(process.cwd(), 'src/server/env.ts'), outDir, minify: false },
  });
  const module = (await import(/* @vite-ignore */ pathToFileURL(join(outDir, 'env.js')).href)) as EnvModule;
  return { module, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

describe('demo flag on the server', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads VITE_IS_DEMO from the process environment', async () => {
    for (const value of ['true', 'false']) {
      // `serverEnv` is parsed once per process: each case loads a fresh copy of the module.
      vi.resetModules();
      vi.stubEnv('VITE_IS_DEMO', value);
      const { isDemoMode } = await import('./env');
      expect(isDemoMode()).toBe(value === 'true');
    }
  });

  it('ignores the value the build was made with: a build made with VITE_IS_DEMO=true, started without it, is no demo', async () => {
    const built = await builtEnvModule('true');
    try {
      vi.stubEnv('VITE_IS_DEMO', undefined);
      vi.stubEnv('NODE_ENV', 'production');
      vi.stubEnv('BETTER_AUTH_SECRET', 'x'.repeat(32));
      expect(built.module.isDemoMode()).toBe(false);
    } finally {
      built.remove();
    }
  });

  it("accepts only 'true' or 'false' at run time; empty means unset", () => {
    expect(() => parseServerEnv({ VITE_IS_DEMO: 'yes' })).toThrow(/VITE_IS_DEMO: must be 'true' or 'false'/);
    expect(parseServerEnv({ VITE_IS_DEMO: '' }).VITE_IS_DEMO).toBeUndefined();
  });
});
