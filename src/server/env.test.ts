import { afterEach, describe, expect, it, vi } from 'vitest';
import { envErrorOf } from '@/test/env-error';
import { type EnvError } from '../lib/env-schema.ts';
import { parseServerEnv } from './env.ts';

const productionSecret = 'x'.repeat(32);

const problemLines = (error: EnvError) => error.message.split('\n').filter((line) => line.startsWith('  - '));

describe('parseServerEnv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('accepts a complete production configuration', () => {
    const env = parseServerEnv({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: productionSecret,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/starter',
      ADMIN_USER_IDS: ' a, b ,,',
    });
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: productionSecret,
      DATABASE_POOL_MAX: 10,
      ADMIN_USER_IDS: ['a', 'b'],
    });
  });

  it('refuses production without BETTER_AUTH_SECRET, naming it', () => {
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'production' }));
    expect(error.issues.map((i) => i.name)).toEqual(['BETTER_AUTH_SECRET']);
    expect(error.message).toMatch(/BETTER_AUTH_SECRET: is required in production/);
  });

  it('refuses a production build without a secret whatever NODE_ENV says, in one line naming it', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const error = envErrorOf(() => parseServerEnv({ NODE_ENV }, { productionBuild: true }));
      expect(
        error.issues.map((i) => i.name),
        String(NODE_ENV),
      ).toEqual(['BETTER_AUTH_SECRET']);
      expect(problemLines(error)).toEqual([
        expect.stringMatching(
          /^ {2}- BETTER_AUTH_SECRET: is required in production.*whatever NODE_ENV says.*openssl rand -base64 32/,
        ),
      ]);
    }
    expect(
      parseServerEnv(
        { NODE_ENV: 'development', BETTER_AUTH_SECRET: productionSecret },
        { productionBuild: true },
      ).BETTER_AUTH_SECRET,
    ).toBe(productionSecret);
  });

  it('refuses the public development secret in production and in a production build', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const devSecret = parseServerEnv({}).BETTER_AUTH_SECRET;
    expect(warn).toHaveBeenCalled();
    for (const [source, options] of [
      [{ NODE_ENV: 'production', BETTER_AUTH_SECRET: devSecret }, {}],
      [{ NODE_ENV: 'development', BETTER_AUTH_SECRET: devSecret }, { productionBuild: true }],
    ] as const) {
      const error = envErrorOf(() => parseServerEnv(source, options));
      expect(error.message).toMatch(/BETTER_AUTH_SECRET: is the public development secret/);
    }
  });

  it('treats an empty value (`VAR=` in .env) as unset', () => {
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: '' }));
    expect(error.issues.map((i) => i.name)).toEqual(['BETTER_AUTH_SECRET']);
  });

  it('refuses a short secret', () => {
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' }));
    expect(error.message).toMatch(/BETTER_AUTH_SECRET: must be at least 32 characters/);
  });

  it('refuses a non-postgres DATABASE_URL and shows a working example', () => {
    const error = envErrorOf(() => parseServerEnv({ DATABASE_URL: 'mysql://x' }));
    expect(problemLines(error)).toEqual([
      '  - DATABASE_URL: must be a postgres:// connection URL (example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/starter)',
    ]);
  });

  it('reports several bad variables with one line each', () => {
    const error = envErrorOf(() =>
      parseServerEnv({
        NODE_ENV: 'production',
        DATABASE_URL: 'mysql://x',
        EMAIL_SERVER: 'http://mail',
        REDIS_URL: 'memcached://x',
        BETTER_AUTH_URL: 'not a url',
        GITHUB_CLIENT_ID: 'id',
      }),
    );
    const names = ['DATABASE_URL', 'EMAIL_SERVER', 'REDIS_URL', 'BETTER_AUTH_URL', 'BETTER_AUTH_SECRET'];
    const lines = problemLines(error);
    expect(lines).toHaveLength(names.length + 1);
    for (const name of [...names, 'GITHUB_CLIENT_SECRET']) {
      expect(lines.filter((line) => line.startsWith(`  - ${name}: `))).toHaveLength(1);
    }
  });

  // A type error (number, enum) would otherwise abort zod's object-level refinements.
  it('also reports cross-variable problems when another variable has the wrong type', () => {
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'production', DATABASE_POOL_MAX: 'ten' }));
    expect(error.issues.map((i) => i.name)).toEqual(['DATABASE_POOL_MAX', 'BETTER_AUTH_SECRET']);
  });

  it('uses the fixed development secret in development, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = parseServerEnv({});
    const second = parseServerEnv({ NODE_ENV: 'development' });
    expect(first.NODE_ENV).toBe('development');
    expect(first.BETTER_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.BETTER_AUTH_SECRET).toBe(first.BETTER_AUTH_SECRET);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('BETTER_AUTH_SECRET'));
  });

  it('keeps a configured secret', () => {
    expect(parseServerEnv({ BETTER_AUTH_SECRET: productionSecret }).BETTER_AUTH_SECRET).toBe(
      productionSecret,
    );
  });

  it.each([
    [{ GITHUB_CLIENT_ID: 'id' }, 'GITHUB_CLIENT_SECRET'],
    [{ GITHUB_CLIENT_SECRET: 'secret' }, 'GITHUB_CLIENT_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'id' }, 'OIDC_ISSUER'],
  ])('refuses half-configured sign-in credentials %o', (source, name) => {
    const error = envErrorOf(() => parseServerEnv(source));
    expect(error.issues.map((i) => i.name)).toEqual([name]);
    expect(error.message).toMatch(/must be set together/);
  });

  it('accepts complete sign-in credentials', () => {
    const env = parseServerEnv({
      NODE_ENV: 'test',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(env.GITHUB_CLIENT_ID).toBe('id');
    expect(env.OIDC_ISSUER).toBe('https://id.example.com');
  });

  it('turns billing on with its three Stripe variables together, each price of each paid plan named', () => {
    const prices = 'pro:month=price_1,pro:year=price_2,business:month=price_3,business:year=price_4';
    const env = parseServerEnv({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICES: prices,
    });
    expect(env.STRIPE_PRICES).toBe(prices);
    const half = envErrorOf(() => parseServerEnv({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'sk_test_1' }));
    expect(half.issues.map((i) => i.name)).toEqual(['STRIPE_SECRET_KEY']);
    expect(half.message).toMatch(/must be set together/);
    const missing = envErrorOf(() =>
      parseServerEnv({
        NODE_ENV: 'test',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_PRICES: 'pro:month=price_1',
      }),
    );
    expect(missing.issues.map((i) => i.name)).toEqual(['STRIPE_PRICES']);
    expect(missing.message).toContain('pro:year, business:month, business:year');
    const malformed = envErrorOf(() => parseServerEnv({ NODE_ENV: 'test', STRIPE_SECRET_KEY: 'pk_live_1' }));
    expect(malformed.message).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
  });

  it('keeps the page cache and compression on unless told otherwise', () => {
    expect(parseServerEnv({ NODE_ENV: 'test' })).toMatchObject({ PAGE_CACHE: 'true', COMPRESSION: 'true' });
    expect(parseServerEnv({ NODE_ENV: 'test', PAGE_CACHE: 'false', COMPRESSION: 'false' })).toMatchObject({
      PAGE_CACHE: 'false',
      COMPRESSION: 'false',
    });
    const error = envErrorOf(() => parseServerEnv({ PAGE_CACHE: 'off', COMPRESSION: '0' }));
    expect(problemLines(error)).toEqual([
      "  - PAGE_CACHE: must be 'true' or 'false' (example: PAGE_CACHE=false)",
      "  - COMPRESSION: must be 'true' or 'false' (example: COMPRESSION=false)",
    ]);
  });

  it('renders the signed-in areas in full unless AREA_SSR says data-only', () => {
    expect(parseServerEnv({ NODE_ENV: 'test' }).AREA_SSR).toBe('full');
    expect(parseServerEnv({ NODE_ENV: 'test', AREA_SSR: 'data-only' }).AREA_SSR).toBe('data-only');
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'test', AREA_SSR: 'client' }));
    expect(problemLines(error)).toEqual([
      "  - AREA_SSR: must be 'full' or 'data-only' (example: AREA_SSR=data-only)",
    ]);
  });

  it('prints no stack trace in its message', () => {
    const error = envErrorOf(() => parseServerEnv({ NODE_ENV: 'production', DATABASE_URL: 'mysql://x' }));
    expect(error.message).not.toMatch(/^\s+at /m);
    expect(error.message.split('\n')[0]).toBe('Invalid environment configuration:');
  });
});

describe('serverEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  // `serverEnv` is parsed once per process: each case loads a fresh copy of the module.
  it('in a production build, never falls back to the development secret, even with NODE_ENV=development', async () => {
    vi.stubEnv('PROD', true);
    vi.stubEnv('NODE_ENV', 'development');
    vi.stubEnv('BETTER_AUTH_SECRET', '');
    const { serverEnv } = await import('./env.ts');
    expect(() => serverEnv()).toThrow(/BETTER_AUTH_SECRET: is required in production/);
  });
});
