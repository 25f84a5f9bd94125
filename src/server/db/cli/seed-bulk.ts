// `pnpm db:seed:bulk -- --repositories 1000000 --users 100000`: adds many generated rows to a Postgres
// server so lists, search and pagination can be measured at scale. Each run adds rows after the ones
// earlier runs created (names and e-mails carry a running number), so it never collides with them.
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
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

function parseOptions(argv: string[]): { repositories: number; users: number } {
  // `pnpm db:seed:bulk -- --users 5` passes the `--` through; parseArgs would treat what follows as positional.
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    // --force is read by runCli (a production database needs it).
    options: { repositories: { type: 'string' }, users: { type: 'string' }, force: { type: 'boolean' } },
    strict: true,
  });
  const count = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!/^\d[\d_]*$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`);
    return Number(value.replaceAll('_', ''));
  };
  return {
    repositories: count('repositories', values.repositories, 1_000_000),
    users: count('users', values.users, 100_000),
  };
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** `(array)[1 + g % n]` picks the n-th word cyclically; `g` is the generate_series value. */
const pick = (values: readonly string[], step = 1) =>
  sql`(${textArray(values)})[1 + ((g * ${step}) % ${values.length})]`;

const repositoryChunk = (from: number, to: number): SQL => sql`
  insert into repository (name, link, description, created_at, updated_at)
  select name, 'https://github.com/' || owner || '/' || name, description, created_at, created_at + interval '3 days'
  from (
    select
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
    console.error('[bulk] usage: pnpm db:seed:bulk -- --repositories 1000000 --users 100000');
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
  const lastUser = await highestNumber(
    db,
    sql`select max(substring(email from '^bulk-([0-9]+)@')::bigint) as n from "user" where email ~ '^bulk-[0-9]+@example[.]test$'`,
  );

  await insertInChunks(db, 'repositories', options.repositories, lastRepository, repositoryChunk);
  await insertInChunks(db, 'users', options.users, lastUser, userChunk);

  console.info('[bulk] analyze');
  await db.execute(sql`analyze repository`);
  await db.execute(sql`analyze "user"`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `[bulk] added ${options.repositories.toLocaleString('en-US')} repositories and ${options.users.toLocaleString('en-US')} users in ${seconds}s`,
  );
}

await runCli(bulkSeed, {
  command: 'db:seed:bulk',
  effect: 'adds generated users and repositories by the hundred thousand',
});
