import type { ClientEnv } from './client-schema.ts';

/** The defaults of `parseClientEnv`'s schema (./client-schema.ts), which uses them too. */
export const clientEnvDefaults = {
  VITE_BASE_URL: 'http://localhost:3000',
  VITE_IS_DEMO: 'false',
  VITE_ENV_COLOR: 'plum',
} as const;

/**
 * The client environment without validation: `source` with the schema's defaults and the demo flag as a
 * boolean. Only for values the server has validated already (the same build-time `VITE_*` values); for a
 * valid source it gives exactly what `parseClientEnv` gives.
 */
export function clientEnvWithDefaults(source: Record<string, string | undefined>): ClientEnv {
  const set = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  const env: ClientEnv = {
    VITE_BASE_URL: set(source.VITE_BASE_URL) ?? clientEnvDefaults.VITE_BASE_URL,
    VITE_IS_DEMO: (set(source.VITE_IS_DEMO) ?? clientEnvDefaults.VITE_IS_DEMO) === 'true',
    VITE_ENV_COLOR: set(source.VITE_ENV_COLOR) ?? clientEnvDefaults.VITE_ENV_COLOR,
  };
  const name = set(source.VITE_ENV_NAME);
  const emoji = set(source.VITE_ENV_EMOJI);
  if (name !== undefined) env.VITE_ENV_NAME = name;
  if (emoji !== undefined) env.VITE_ENV_EMOJI = emoji;
  return env;
}
