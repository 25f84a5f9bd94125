import { z } from 'zod';
import { parseEnv, zBooleanString, zUrl } from '../lib/env-schema.ts';
import { clientEnvDefaults } from './client-defaults.ts';

const zClientEnv = z.object({
  VITE_BASE_URL: zUrl('must be a valid http(s) URL').default(clientEnvDefaults.VITE_BASE_URL),
  VITE_IS_DEMO: zBooleanString.default(clientEnvDefaults.VITE_IS_DEMO).transform((v) => v === 'true'),
  VITE_ENV_NAME: z.string().max(40, 'must be at most 40 characters').optional(),
  VITE_ENV_EMOJI: z.string().max(8, 'must be a single emoji').optional(),
  VITE_ENV_COLOR: z
    .string()
    .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+)$/, 'must be a CSS colour name or hex value')
    .default(clientEnvDefaults.VITE_ENV_COLOR),
});

export type ClientEnv = z.output<typeof zClientEnv>;

const clientEnvExamples = {
  VITE_BASE_URL: 'http://localhost:3000',
  VITE_IS_DEMO: 'false',
  VITE_ENV_NAME: 'Staging',
  VITE_ENV_EMOJI: '🚧',
  VITE_ENV_COLOR: 'plum',
};

export function parseClientEnv(source: Record<string, string | undefined>): ClientEnv {
  return parseEnv(zClientEnv, source, clientEnvExamples);
}
