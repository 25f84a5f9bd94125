import { createIsomorphicFn } from '@tanstack/react-start';
import { clientEnvWithDefaults } from './client-defaults.ts';
import { type ClientEnv, parseClientEnv } from './client-schema.ts';

const source = {
  VITE_BASE_URL: import.meta.env.VITE_BASE_URL,
  VITE_IS_DEMO: import.meta.env.VITE_IS_DEMO,
  VITE_ENV_NAME: import.meta.env.VITE_ENV_NAME,
  VITE_ENV_EMOJI: import.meta.env.VITE_ENV_EMOJI,
  VITE_ENV_COLOR: import.meta.env.VITE_ENV_COLOR,
};

/**
 * `VITE_*` values, inlined by Vite at build time and identical on server and client. The server validates
 * them (a bad value stops its render with a readable message, as `pnpm dev` does at start); the browser
 * receives the same inlined values and only applies the same defaults. The build drops the server branch
 * from the client bundle, and with it zod from every page's first download
 * (docs/performance.md#zod-free-validators).
 */
export const clientEnv: ClientEnv = createIsomorphicFn()
  .server(() => parseClientEnv(source))
  .client(() => clientEnvWithDefaults(source))();
