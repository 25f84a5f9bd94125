// The layer map of DESIGN §4 as `import-x/no-restricted-paths` zones: each entry says which folders a
// layer must not import. docs/architecture.md draws the same map; keep the two together. The entity
// registry (src/entities.ts) is a layer of its own, between the features' URL readers and their readers.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What one feature may use of another: its contracts, cache helpers and server functions. */
const FEATURE_PUBLIC = ['schema.ts', 'queries.ts', 'functions.ts'];
/**
 * Declared entries beyond those: access control, the auth guards, client and step-up, the audit writer, and
 * the audit log's URL view and vocabulary (its groups' labels), and the webhooks' events, which the audit
 * writer raises for every audited change, and billing's plan limits, read-only check and seat sync, which
 * every path that creates or changes inside an organization runs, whether billing is on, the end of a
 * subscription before its organization is deleted, and the upgrade link a form shows after a plan-limit
 * refusal. The lists' own URL readers reach saved views through the entity registry (src/entities.ts), not
 * from feature to feature.
 */
const SHARED_ENTRIES = [
  'auth/permissions.ts',
  'auth/middleware.ts',
  'auth/client.ts',
  'auth/step-up.ts',
  'audit/record.server.ts',
  'organization/middleware.ts',
  'audit/search.ts',
  'webhook/events.ts',
  'webhook/emit.server.ts',
  'billing/limits.server.ts',
  'billing/seats.server.ts',
  'billing/lifecycle.server.ts',
  'billing/stripe.server.ts',
  'billing/components/upgrade-link.tsx',
];

/** @param {string} root the repository's absolute path */
export function layerZones(root) {
  const src = (path) => join(root, 'src', path);
  const ui = [src('routes'), src('components'), src('hooks')];
  const features = readdirSync(src('features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const entry = [src('start.ts'), src('router.tsx')];
  // Every route file but the HTTP endpoints under api/, which are server code.
  const pages = readdirSync(src('routes'))
    .filter((name) => name !== 'api')
    .map((name) => src(`routes/${name}`));

  return [
    {
      target: src('server'),
      from: [...ui, src('middleware'), ...entry],
      message: 'Server infrastructure never imports UI, routes or middleware.',
    },
    {
      target: src('server'),
      from: [src('features/**')],
      // And a generated entity's `values.ts` (its enum values, no imports): the table's check constraint.
      except: ['*/schema.ts', '*/values.ts', '*/permissions.ts', '**/*.server.ts'].map((glob) =>
        src(`features/${glob}`),
      ),
      message:
        'Server infrastructure uses a feature only through its schema, values, permissions and *.server.ts rules.',
    },
    {
      target: [src('lib'), src('env'), src('hooks'), join(root, 'emails')],
      from: [
        src('features'),
        src('routes'),
        src('components'),
        src('server'),
        src('middleware'),
        src('entities.ts'),
        ...entry,
      ],
      message: 'lib, env, hooks and emails are leaves: they import only each other and packages.',
    },
    {
      target: src('entities.ts'),
      from: [...ui, src('server'), src('middleware'), ...entry],
      message:
        'The entity registry is data read by routes, features and the server: it imports none of them but lists.',
    },
    {
      target: src('entities.ts'),
      from: [src('features/**')],
      // The lists' readers, and the audit log's (./features/audit/view.ts, which cannot import the registry).
      except: [src('features/{*/search,audit/view}.ts')],
      message: "The entity registry uses a feature only through its lists' URL readers (search.ts).",
    },
    {
      target: src(''),
      from: src('test'),
      message: 'Test helpers (src/test) are for tests only.',
    },
    {
      target: src('lib'),
      from: src('hooks'),
      message: 'lib is isomorphic and React-free at its base; hooks live in src/hooks.',
    },
    {
      target: src('components'),
      from: [src('features'), src('routes'), src('server'), src('middleware'), src('entities.ts'), ...entry],
      message: 'Shared components know no feature: pass what they show as props or children.',
    },
    {
      target: src('middleware'),
      from: [...ui, ...entry],
      message: 'Global middleware imports server infrastructure and features, never UI.',
    },
    {
      target: [src('features'), src('routes')],
      from: src('middleware'),
      message: 'Global middleware is registered once in src/start.ts; features bring their own middleware.',
    },
    {
      target: src('features'),
      from: src('routes'),
      message: 'Routes import features, never the other way round.',
    },
    {
      target: pages,
      from: src('server'),
      message: 'Pages reach the server through server functions; only src/routes/api may import src/server.',
    },
    {
      target: pages,
      from: [join(root, 'src/features/**/*.server.ts')],
      message: "Pages reach a feature's data through its server functions and queries.",
    },
    ...features.map((feature) => ({
      target: src(`features/${feature}`),
      from: src('features'),
      except: [
        `./${feature}`,
        ...features
          .filter((other) => other !== feature)
          .flatMap((other) => FEATURE_PUBLIC.map((file) => `./${other}/${file}`)),
        ...SHARED_ENTRIES.filter((path) => !path.startsWith(`${feature}/`)).map((path) => `./${path}`),
      ],
      message:
        'Another feature is used only through its schema.ts, queries.ts, functions.ts or a declared entry.',
    })),
  ];
}
