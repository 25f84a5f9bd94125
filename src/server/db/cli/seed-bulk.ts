// `pnpm db:seed:bulk -- --repositories 1000000 --users 100000 --organizations 10000`: adds many generated
// rows to a Postgres server so lists, search and pagination can be measured at scale. Each run adds rows
// after the ones earlier runs created (ids, names and e-mails carry a running number), so it never collides
// with them. The run's repositories go into its organizations: the first one holds a tenth of them (the
// large tenant the benchmark measures inside, owned by the seeded admin), the others share the rest.
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { appConfig } from '../../../../app.config.ts';
import type { Database, DatabaseHandle } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { firstNames, lastNames } from '../seed/data.ts';
import { runCli } from './shared.ts';

const chunkSize = 100_000;

const words = (
  'atlas beacon cinder delta ember falcon garnet harbor indigo juniper kernel lantern meadow nimbus orbit ' +
  'prism quartz ripple summit tundra umbra vertex willow xenon yonder zephyr parser router bundler compiler ' +
  'scheduler renderer gateway toolkit sandbox pipeline notebook dashboard'
).split(' ');
const owners = ['acme', 'octo-labs', 'northwind', 'contoso', 'initech', 'umbrella', 'globex', 'hooli'];
const adjectives = ['A fast', 'A tiny', 'A typed', 'An experimental', 'A modular', 'A reliable', 'A minimal'];
const purposes = [
  'for the web',
  'for data pipelines',
  'for command lines',
  'for teams',
  'written in TypeScript',
];

const organizationWords = ['Labs', 'Systems', 'Works', 'Collective', 'Studio', 'Foundry', 'Group'];

type Options = { repositories: number; users: number; organizations: number };

function parseOptions(argv: string[]): Options {
  // `pnpm db:seed:bulk -- --users 5` passes the `--` through; parseArgs would treat what follows as positional.
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    // --force is read by runCli (a production database needs it).
    options: {
      repositories: { type: 'string' },
      users: { type: 'string' },
      organizations: { type: 'string' },
      force: { type: 'boolean' },
    },
    strict: true,
  });
  const count = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!/^\d[\d_]*$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`);
    return Number(value.replaceAll('_', ''));
  };
  const options = {
    repositories: count('repositories', values.repositories, 1_000_000),
    users: count('users', values.users, 100_000),
    organizations: count('organizations', values.organizations, 10_000),
  };
  if (options.repositories > 0 && options.organizations === 0) {
    throw new Error('--repositories needs --organizations of at least 1: every repository belongs to one');
  }
  return options;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** `(array)[1 + g % n]` picks the n-th word cyclically; `g` is the generate_series value. */
const pick = (values: readonly string[], step = 1) =>
  sql`(${textArray(values)})[1 + ((g * ${step}) % ${values.length})]`;

/** A bulk organization's id and slug: `bulk-org-<n>`. */
const organizationChunk = (from: number, to: number): SQL => sql`
  insert into organization (id, name, slug, created_at)
  select 'bulk-org-' || g, initcap(${pick(words)}) || ' ' || ${pick(organizationWords, 3)} || ' ' || g,
    'bulk-org-' || g, now() - ((g * 7919) % 94608000) * interval '1 second'
  from generate_series(${from}::bigint, ${to}::bigint) as g`;

/**
 * The organization of the run's repository `g`: with the run's repositories numbered from `after + 1` and
 * its organizations from `firstOrganization`, every tenth repository goes to the first organization (so it
 * holds a tenth, spread over the whole range as a busy tenant's would be), the others in turn to the rest.
 */
function organizationOf(after: number, firstOrganization: number, organizations: number): SQL {
  const i = sql`(g - ${after}::bigint - 1)`;
  if (organizations === 1) return sql`'bulk-org-' || ${firstOrganization}::bigint`;
  return sql`'bulk-org-' || case when ${i} % 10 = 0 then ${firstOrganization}::bigint
    else ${firstOrganization + 1}::bigint + ((${i} - ${i} / 10 - 1) % ${organizations - 1}) end`;
}

const repositoryChunk =
  (after: number, firstOrganization: number, organizations: number) =>
  (from: number, to: number): SQL => sql`
  insert into repository (organization_id, name, link, description, created_at, updated_at)
  select organization_id, name, 'https://github.com/' || owner || '/' || name, description, created_at, created_at + interval '3 days'
  from (
    select
      ${organizationOf(after, firstOrganization, organizations)} as organization_id,
      'repo-' || g || '-' || ${pick(words)} as name,
      ${pick(owners, 7)} as owner,
      case when g % 10 = 0 then null
        else ${pick(adjectives, 3)} || ' ' || ${pick(words, 11)} || ' ' || ${pick(purposes, 5)} || '.' end as description,
      -- Spread over ~3 years, not monotonic in g, so date sorts and keyset pages see mixed rows.
      now() - ((g * 7919) % 94608000) * interval '1 second' as created_at
    from generate_series(${from}::bigint, ${to}::bigint) as g
  ) as generated`;

const userChunk = (from: number, to: number): SQL => sql`
  insert into "user" (id, name, email, email_verified, role, created_at, updated_at, onboarded_at)
  select gen_random_uuid()::text, name, 'bulk-' || g || '@example.test', true, 'user', created_at, created_at,
    case when g % 5 = 0 then null else created_at + interval '5 minutes' end
  from (
    select g, ${pick(firstNames)} || ' ' || ${pick(lastNames, 7)} as name,
      now() - ((g * 104729) % 63072000) * interval '1 second' as created_at
    from generate_series(${from}::bigint, ${to}::bigint) as g
  ) as generated`;

async function highestNumber(db: Database, query: SQL): Promise<number> {
  const result: unknown = await db.execute(query);
  // postgres.js resolves `execute` to an array of rows; bigint columns arrive as strings.
  if (!Array.isArray(result)) throw new Error('expected postgres.js rows');
  const [row] = result as { n: string | null }[];
  return Number(row?.n ?? 0);
}

async function insertInChunks(
  db: Database,
  label: string,
  total: number,
  after: number,
  chunk: (from: number, to: number) => SQL,
) {
  const started = performance.now();
  for (let done = 0; done < total;) {
    const size = Math.min(chunkSize, total - done);
    const from = after + done + 1;
    await db.transaction(async (tx) => {
      // A chunk maintains three indexes (unique, trigram, created_at) and may outlast the usual timeout.
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(chunk(from, from + size - 1));
    });
    done += size;
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(done / seconds).toLocaleString('en-US');
    const percent = Math.round((done / total) * 100);
    console.info(
      `[bulk] ${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${percent}%), ${rate} rows/s`,
    );
  }
}

const options = (() => {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`[bulk] ${error instanceof Error ? error.message : String(error)}`);
    console.error(
      '[bulk] usage: pnpm db:seed:bulk -- --repositories 1000000 --users 100000 --organizations 10000',
    );
    process.exit(1);
  }
})();

if (!process.env.DATABASE_URL) {
  console.error(
    '[bulk] DATABASE_URL is not set: bulk seeding needs a Postgres server, not the embedded PGlite.',
  );
  process.exit(1);
}

async function bulkSeed(handle: DatabaseHandle): Promise<void> {
  if (handle.kind !== 'postgres') throw new Error('bulk seeding needs a Postgres server (DATABASE_URL)');
  const started = performance.now();
  await runMigrations(handle);
  const { db } = handle;

  const lastRepository = await highestNumber(
    db,
    sql`select max(substring(name from '^repo-([0-9]+)-')::bigint) as n from repository where name ~ '^repo-[0-9]+-'`,
  );
  const lastOrganization = await highestNumber(
    db,
    sql`select max(substring(id from '^bulk-org-([0-9]+)$')::bigint) as n from organization where id ~ '^bulk-org-[0-9]+$'`,
  );
  const lastUser = await highestNumber(
    db,
    sql`select max(substring(email from '^bulk-([0-9]+)@')::bigint) as n from "user" where email ~ '^bulk-[0-9]+@example[.]test$'`,
  );

  const firstOrganization = lastOrganization + 1;
  await insertInChunks(db, 'organizations', options.organizations, lastOrganization, organizationChunk);
  await insertInChunks(
    db,
    'repositories',
    options.repositories,
    lastRepository,
    repositoryChunk(lastRepository, firstOrganization, options.organizations),
  );
  await insertInChunks(db, 'users', options.users, lastUser, userChunk);
  if (options.organizations > 0) await addAdminOwner(db, `bulk-org-${firstOrganization}`);

  console.info('[bulk] analyze');
  for (const table of ['organization', 'member', 'repository', '"user"']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const count = (n: number) => n.toLocaleString('en-US');
  console.info(
    `[bulk] added ${count(options.organizations)} organizations, ${count(options.repositories)} repositories and ${count(options.users)} users in ${seconds}s`,
  );
}

/**
 * Makes the seeded admin an owner of the run's large organization, so one can sign in as them and work
 * inside it (the benchmark does); a database without the seeded admin (no `pnpm db:seed`) is left as is.
 */
async function addAdminOwner(db: Database, organizationId: string): Promise<void> {
  const added: unknown = await db.execute(sql`
    insert into member (id, organization_id, user_id, role)
    select ${organizationId} || '-' || id, ${organizationId}, id, 'owner' from "user" where email = ${appConfig.seed.adminEmail}
    returning user_id`);
  const owner =
    Array.isArray(added) && added.length > 0 ? appConfig.seed.adminEmail : 'nobody (no seeded admin)';
  console.info(`[bulk] ${organizationId} holds a tenth of the repositories; its owner: ${owner}`);
}

await runCli(bulkSeed, {
  command: 'db:seed:bulk',
  effect: 'adds generated users, organizations and repositories by the hundred thousand',
});
