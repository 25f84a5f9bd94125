import '@tanstack/react-start/server-only';
import { z } from 'zod';
import { parseEnv, zBooleanString } from '../lib/env-schema.ts';

/** Used only outside production so a fresh clone starts without configuration. */
const DEV_SECRET = 'development-only-secret-do-not-use-in-production-0123456789';

// Cross-variable checks run even when another variable has the wrong type, so every problem is reported
// at once (zod skips refinements after a type error unless told otherwise).
const always = () => true;

const optionalPair = (a: string, b: string) => (env: Record<string, unknown>) =>
  Boolean(env[a]) === Boolean(env[b]);

const zServerEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    BETTER_AUTH_URL: z.url({ error: 'must be a valid URL', protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(200, 'must be at most 200')
      .default(10),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(600_000, 'must be at most 600000')
      .default(15_000),
    // How long to wait for a new database connection before the request is answered 503.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(60_000, 'must be at most 60000')
      .default(3_000),
    PGLITE_DIR: z.string().default('.data/pglite'),
    EMAIL_SERVER: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().min(3).default('Starter <no-reply@localhost>'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    // 'true' only behind a reverse proxy that sets X-Forwarded-For; otherwise the socket address is used.
    TRUST_PROXY: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    // 'false' turns sign-up off: unknown addresses get the same answer as known ones and no mail.
    AUTH_SIGN_UP: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
    ADMIN_USER_IDS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url({ error: 'must be a valid URL' }).optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_NAME: z.string().max(40).default('OpenID'),
    // Set by `pnpm dev` to the local mail catcher's web inbox, which the login hint links to.
    DEV_INBOX_URL: z.url({ error: 'must be a valid URL' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // No default: when unset, `isDemoMode` falls back to the value the build was made with.
    VITE_IS_DEMO: zBooleanString.optional(),
  })
  .refine((env) => env.NODE_ENV !== 'production' || Boolean(env.BETTER_AUTH_SECRET), {
    path: ['BETTER_AUTH_SECRET'],
    when: always,
    message: 'is required in production (generate one with: openssl rand -base64 32)',
  })
  .refine(optionalPair('GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'), {
    path: ['GITHUB_CLIENT_SECRET'],
    when: always,
    message: 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together',
  })
  .refine(optionalPair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'), {
    path: ['GOOGLE_CLIENT_SECRET'],
    when: always,
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  })
  .refine(
    (env) =>
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every(Boolean) ||
      ![env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].some(Boolean),
    {
      path: ['OIDC_ISSUER'],
      when: always,
      message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    },
  );

export type ServerEnv = Omit<z.output<typeof zServerEnv>, 'BETTER_AUTH_SECRET'> & {
  BETTER_AUTH_SECRET: string;
};

export const serverEnvExamples = {
  NODE_ENV: 'production',
  BETTER_AUTH_SECRET: '$(openssl rand -base64 32)',
  BETTER_AUTH_URL: 'https://app.example.com',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/starter',
  DATABASE_POOL_MAX: '10',
  DATABASE_STATEMENT_TIMEOUT_MS: '15000',
  DATABASE_CONNECT_TIMEOUT_MS: '3000',
  PGLITE_DIR: '.data/pglite',
  EMAIL_SERVER: 'smtp://user:pass@smtp.example.com:587',
  EMAIL_FROM: 'Starter <no-reply@example.com>',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTH_SIGN_UP: 'true',
  TRUST_PROXY: 'true',
  ADMIN_USER_IDS: 'id1,id2',
  GITHUB_CLIENT_SECRET: '…',
  GOOGLE_CLIENT_SECRET: '…',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_NAME: 'Company SSO',
  DEV_INBOX_URL: 'http://localhost:1080',
  LOG_LEVEL: 'info',
  VITE_IS_DEMO: 'false',
};

export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const env = parseEnv(zServerEnv, source, serverEnvExamples);
  if (env.BETTER_AUTH_SECRET) return { ...env, BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET };
  if (env.NODE_ENV === 'development') {
    console.warn('[env] BETTER_AUTH_SECRET is not set: using the fixed development secret.');
  }
  return { ...env, BETTER_AUTH_SECRET: DEV_SECRET };
}

let cached: ServerEnv | undefined;

/** The validated server environment, parsed once per process. */
export function serverEnv(): ServerEnv {
  // A production build is production unless told otherwise, so it never falls back to the dev secret.
  const builtForProduction = Boolean(import.meta.env?.PROD);
  cached ??= parseServerEnv({
    NODE_ENV: builtForProduction ? 'production' : undefined,
    ...process.env,
  });
  return cached;
}

/**
 * Whether this server runs as a read-only demo: `VITE_IS_DEMO` from the process environment when set,
 * otherwise the value inlined at build time, so one production build can be started either way (see
 * docs/decisions/008-demo-flag-read-at-runtime.md). The only place the server reads the flag.
 */
export function isDemoMode(): boolean {
  return resolveDemoFlag(serverEnv().VITE_IS_DEMO, import.meta.env?.VITE_IS_DEMO);
}

/** The run-time value (already validated) when there is one, else the build-time one. */
export function resolveDemoFlag(runtime: 'true' | 'false' | undefined, buildTime: unknown): boolean {
  return (runtime ?? buildTime) === 'true';
}
