import '@tanstack/react-start/server-only';
import { z } from 'zod';
import { appConfig } from '../../app.config.ts';
import { parseEnv, zBooleanString } from '../lib/env-schema.ts';

/** Used only outside production so a fresh clone starts without configuration. */
const DEV_SECRET = 'development-only-secret-do-not-use-in-production-0123456789';

// Cross-variable checks run even when another variable has the wrong type, so every problem is reported
// at once (zod skips refinements after a type error unless told otherwise).
const always = () => true;

const optionalPair = (a: string, b: string) => (env: Record<string, unknown>) =>
  Boolean(env[a]) === Boolean(env[b]);

/** `plan:interval` of every paid plan's price (`billing.plans`, app.config.ts). */
export function paidPriceKeys(): string[] {
  return appConfig.billing.plans.flatMap((plan) =>
    'price' in plan ? Object.keys(plan.price).map((interval) => `${plan.id}:${interval}`) : [],
  );
}

/** STRIPE_PRICES read: `plan:interval` → Stripe price id. */
export function parseStripePrices(value: string): Map<string, string> {
  return new Map(
    value
      .split(',')
      .map((pair) => pair.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2)
      .map(([key, price]) => [key.trim(), price.trim()]),
  );
}

const missingPrices = (value: string) => {
  const prices = parseStripePrices(value);
  return paidPriceKeys().filter((key) => !prices.has(key));
};

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
    // How long a request waits for a free pooled connection before it is answered 503.
    DATABASE_POOL_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(60_000, 'must be at most 60000')
      .default(3_000),
    // How long a statement waits for a lock (a table being altered, a long transaction) before a 503.
    DATABASE_LOCK_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(100, 'must be at least 100')
      .max(600_000, 'must be at most 600000')
      .default(2_000),
    // Server-function calls allowed per minute per signed-in user and per client address; 0 turns one off.
    // Audit entries older than this many days are deleted by the daily retention job.
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(36_500, 'must be at most 36500')
      .default(appConfig.audit.retentionDays),
    SERVER_FN_LIMIT_PER_USER: z.coerce
      .number({ error: 'must be a number of calls' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .default(300),
    SERVER_FN_LIMIT_PER_ADDRESS: z.coerce
      .number({ error: 'must be a number of calls' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .default(1_200),
    // How often each instance adds its server-function counts to the shared store; 0: at every call.
    SERVER_FN_LIMIT_SYNC_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(60_000, 'must be at most 60000')
      .default(1_000),
    PGLITE_DIR: z.string().default('.data/pglite'),
    EMAIL_SERVER: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().min(3).default('Starter <no-reply@localhost>'),
    // 'true' lets smtp:// to a host other than loopback send without TLS; by default STARTTLS is required.
    EMAIL_ALLOW_UNENCRYPTED: zBooleanString.default('false'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    // 'true' lets webhooks reach loopback and private networks in production too (a self-hosted receiver on
    // the same network); outside production they always may. Off: addresses are checked after DNS (SSRF).
    WEBHOOKS_ALLOW_PRIVATE: zBooleanString.default('false'),
    // Billing (src/features/billing, README "Billing"): on when STRIPE_SECRET_KEY is set, with the webhook's
    // signing secret and each paid plan's Stripe price ids (`<plan>:<month|year>=price_…`, comma-separated).
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_PRICES: z
      .string()
      .regex(
        /^\s*[a-z0-9-]+:(month|year)=price_\w+\s*(,\s*[a-z0-9-]+:(month|year)=price_\w+\s*)*$/,
        'must be <plan>:<month|year>=price_… pairs, comma-separated',
      )
      .optional(),
    // Where the Stripe SDK sends its calls instead of api.stripe.com (a Stripe mock, as the tests do).
    STRIPE_API_URL: z.url({ error: 'must be a valid URL', protocol: /^https?$/ }).optional(),
    // 'true' only behind a reverse proxy that sets X-Forwarded-For; otherwise the socket address is used.
    TRUST_PROXY: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    // How many trusted proxies append to X-Forwarded-For: the client is that many entries from the right.
    TRUST_PROXY_HOPS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(10, 'must be at most 10')
      .default(1),
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
    // Set: GET /api/metrics answers Prometheus's scraper when it sends `Authorization: Bearer <token>`.
    // Unset: that path does not exist (404).
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    // 'true' adds the database's time and query count (and the page cache's hit or miss) to each answer's
    // Server-Timing header. Unset: on in development, off in production, where a query count can tell
    // whether an address has an account. The log line always has them.
    SERVER_TIMING_DETAIL: zBooleanString.optional(),
    // 'false' turns off the in-memory cache of the sign-in pages as rendered for visitors without a
    // session: every visit renders (docs/performance.md#page-cache).
    PAGE_CACHE: zBooleanString.default('true'),
    // 'false' sends pages, server-function answers and API JSON uncompressed, for a proxy in front that
    // compresses them itself; static files stay precompressed (docs/performance.md#compression).
    COMPRESSION: zBooleanString.default('true'),
    // How the signed-in areas (/app, /manager) are server-rendered: 'full' renders their pages into the
    // HTML; 'data-only' runs their guards and loaders and sends the data, and the browser renders the
    // page (a skeleton until then) (docs/performance.md#signed-in-areas-rendered-in-the-browser).
    AREA_SSR: z.enum(['full', 'data-only'], { error: "must be 'full' or 'data-only'" }).default('full'),
    // Read at run time only (`isDemoMode`): unset is not a demo, whatever the build was made with.
    VITE_IS_DEMO: zBooleanString.optional(),
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
      [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PRICES].every(Boolean) ||
      ![env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_PRICES].some(Boolean),
    {
      path: ['STRIPE_SECRET_KEY'],
      when: always,
      message: 'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICES must be set together',
    },
  )
  .refine((env) => !env.STRIPE_PRICES || missingPrices(env.STRIPE_PRICES).length === 0, {
    path: ['STRIPE_PRICES'],
    when: always,
    message: `needs a price for every paid plan and interval: ${paidPriceKeys().join(', ')}`,
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
  DATABASE_POOL_TIMEOUT_MS: '3000',
  DATABASE_LOCK_TIMEOUT_MS: '2000',
  AUDIT_RETENTION_DAYS: '365',
  SERVER_FN_LIMIT_PER_USER: '300',
  SERVER_FN_LIMIT_PER_ADDRESS: '1200',
  SERVER_FN_LIMIT_SYNC_MS: '1000',
  PGLITE_DIR: '.data/pglite',
  EMAIL_SERVER: 'smtp://user:pass@smtp.example.com:587',
  EMAIL_FROM: 'Starter <no-reply@example.com>',
  EMAIL_ALLOW_UNENCRYPTED: 'false',
  REDIS_URL: 'redis://127.0.0.1:6379',
  WEBHOOKS_ALLOW_PRIVATE: 'false',
  STRIPE_SECRET_KEY: 'sk_live_…',
  STRIPE_WEBHOOK_SECRET: 'whsec_…',
  STRIPE_PRICES: 'pro:month=price_…,pro:year=price_…,business:month=price_…,business:year=price_…',
  STRIPE_API_URL: 'http://127.0.0.1:12111',
  AUTH_SIGN_UP: 'true',
  TRUST_PROXY: 'true',
  TRUST_PROXY_HOPS: '1',
  ADMIN_USER_IDS: 'id1,id2',
  GITHUB_CLIENT_SECRET: '…',
  GOOGLE_CLIENT_SECRET: '…',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_NAME: 'Company SSO',
  DEV_INBOX_URL: 'http://localhost:1080',
  LOG_LEVEL: 'info',
  METRICS_TOKEN: '$(openssl rand -hex 32)',
  SERVER_TIMING_DETAIL: 'false',
  PAGE_CACHE: 'false',
  COMPRESSION: 'false',
  AREA_SSR: 'data-only',
  VITE_IS_DEMO: 'false',
};

/**
 * The secret rule on top: in production, and in any build made for production whatever NODE_ENV says
 * (a deployment started with NODE_ENV=development must not sign sessions with a public secret), the
 * secret must be set and must not be the development one.
 */
function zServerEnvFor(productionBuild: boolean) {
  const production = (env: { NODE_ENV: string }) => productionBuild || env.NODE_ENV === 'production';
  return zServerEnv
    .refine((env) => !production(env) || Boolean(env.BETTER_AUTH_SECRET), {
      path: ['BETTER_AUTH_SECRET'],
      when: always,
      message:
        'is required in production, and by a production build whatever NODE_ENV says (generate one with: openssl rand -base64 32)',
    })
    .refine((env) => !production(env) || env.BETTER_AUTH_SECRET !== DEV_SECRET, {
      path: ['BETTER_AUTH_SECRET'],
      when: always,
      message: 'is the public development secret (generate one with: openssl rand -base64 32)',
    });
}

/** `productionBuild`: the code runs from a production build (`vite build`), not from source. */
export function parseServerEnv(
  source: Record<string, string | undefined>,
  { productionBuild = false }: { productionBuild?: boolean } = {},
): ServerEnv {
  const env = parseEnv(zServerEnvFor(productionBuild), source, serverEnvExamples);
  if (env.BETTER_AUTH_SECRET) return { ...env, BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET };
  if (env.NODE_ENV === 'development') {
    console.warn('[env] BETTER_AUTH_SECRET is not set: using the fixed development secret.');
  }
  return { ...env, BETTER_AUTH_SECRET: DEV_SECRET };
}

let cached: ServerEnv | undefined;

/** The validated server environment, parsed once per process. */
export function serverEnv(): ServerEnv {
  // A production build is production unless told otherwise, and needs a real secret even when told so.
  const productionBuild = Boolean(import.meta.env?.PROD);
  cached ??= parseServerEnv(
    { NODE_ENV: productionBuild ? 'production' : undefined, ...process.env },
    { productionBuild },
  );
  return cached;
}

/**
 * Whether this server runs as a read-only demo: `VITE_IS_DEMO=true` in the process environment when the
 * server starts, and nothing else. The value the build was made with is ignored, so a build made for a
 * demo cannot become one unnoticed, and one build can be started either way (see
 * docs/decisions/008-demo-flag-read-at-runtime.md). The only place the server reads the flag.
 */
export function isDemoMode(): boolean {
  return serverEnv().VITE_IS_DEMO === 'true';
}
