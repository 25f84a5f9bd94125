import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const integrationTests = ['src/**/*.integration.test.ts'];
/** Behaviour only a server has (several connections, several processes). */
const postgresOnlyTests = ['src/**/*.postgres.integration.test.ts'];
/** Behaviour only the embedded database has (creating and loading its data folder). */
const pgliteOnlyTests = ['src/**/*.pglite.integration.test.ts'];
/** Behaviour of the Redis-backed parts, against a real Redis (TEST_REDIS_URL). */
const redisTests = ['src/**/*.redis.integration.test.ts'];

/** The integration suite, once per database: `TEST_DB` tells `createTestDatabase` which one to use. */
function integrationProject(name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      environment: 'node',
      include: integrationTests,
      exclude:
        database === 'postgres'
          ? [...configDefaults.exclude, ...pgliteOnlyTests, ...redisTests]
          : [...configDefaults.exclude, ...postgresOnlyTests, ...redisTests],
      env: { TEST_DB: database },
      // Each file has a database of its own (a PGlite copy, or a Postgres database from a template), so files
      // run side by side: on two cores the suite took 153 s this way against 223 s one file at a time.
      fileParallelism: true,
      // Files share their worker's loaded modules instead of importing better-auth, drizzle and the app
      // again each (105 s → 67 s for the PGlite suite on two cores): each file makes its own database and
      // auth instance, and a mocked module is one the files share (src/test/request-session.ts).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  // Vite 8 resolves the tsconfig `paths` (`@/`, `~/`) itself.
  resolve: { tsconfigPaths: true },
  test: {
    // Two workers per core: much of an integration file waits (a sign-in code's one-second floor, Postgres
    // over a socket), which another file fills. On two cores the PGlite run took 117 s with two workers,
    // 96 s with three and 88 s with four (Vitest's default, all cores but one, is a single worker there).
    maxWorkers: 2 * availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...integrationTests],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          // jest-dom's matchers (toBeVisible, toHaveAccessibleName…): assertions that say what the user sees.
          setupFiles: ['src/test/setup-dom.ts'],
          // Testing Library unmounts between tests only when it finds a global `afterEach`; without it a
          // render leaks into the next test. Tests still import what they use from 'vitest'.
          globals: true,
        },
      },
      integrationProject('integration-pglite', 'pglite'),
      // CI sets TEST_DATABASE_URL (a server where the tests may create and drop databases).
      ...(process.env.TEST_DATABASE_URL ? [integrationProject('integration-postgres', 'postgres')] : []),
      // CI sets TEST_REDIS_URL (a Redis where the tests may write keys under their own prefix).
      ...(process.env.TEST_REDIS_URL
        ? [
            {
              extends: true,
              test: {
                name: 'integration-redis',
                environment: 'node',
                include: redisTests,
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
