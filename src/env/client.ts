import { type ClientEnv, parseClientEnv } from './client-schema.ts';

/** Validated `VITE_*` values, inlined by Vite at build time and identical on server and client. */
export const clientEnv: ClientEnv = parseClientEnv({
  VITE_BASE_URL: import.meta.env.VITE_BASE_URL,
  VITE_IS_DEMO: import.meta.env.VITE_IS_DEMO,
  VITE_ENV_NAME: import.meta.env.VITE_ENV_NAME,
  VITE_ENV_EMOJI: import.meta.env.VITE_ENV_EMOJI,
  VITE_ENV_COLOR: import.meta.env.VITE_ENV_COLOR,
});
