// Section 4 of `pnpm bench`: lists at scale. A throwaway Postgres database with `pnpm db:seed`'s data plus
// `pnpm db:seed:bulk -- --repositories 1000000 --users 100000 --organizations 10000` (one organization
// holds 100,000 of the repositories, the others share the rest), the production build on it, the seeded
// admin signed in and working inside that large organization (made active as the switcher does);
// everything through the real server functions over one keep-alive connection:
//   (a) the organization's repositories list (the app area's): its first page next to a page DEPTH pages
//       deep, reached by following the real keyset cursors, both then timed alternately;
//   (b) search p95 for a term of each kind (common, rare, absent from the organization but common in
//       others, one character, found nowhere) on the organization's repositories and on users (the
//       manager users list);
//   (c) the manager dashboard's figures ($getDashboard, p95 over HTTP and the server's own Server-Timing)
//       with sessions and bans added to the bulk users, its totals checked against exact counts and the
//       exact-count form of its totals explained beside it;
// each with the indexes of the plan (EXPLAIN (ANALYZE, FORMAT JSON)) of the exact statements it runs,
// checked to return what the server function answered.
//
// Alone: `node bench/scale.ts` prints the section as JSON. BENCH_SCALE_REPOSITORIES / BENCH_SCALE_USERS /
// BENCH_SCALE_ORGANIZATIONS change the row counts (for trying the section out; the targets are for the
// defaults).
import { fileURLToPath } from 'node:url';
import type postgres from 'postgres';
import { appConfig } from '../app.config.ts';
import type { DashboardFigures } from '../src/features/dashboard/schema.ts';
import { type AnyListPage, type ServerFnClient, round, serverFnClient, summarise } from './http.ts';
import {
  inPlanning,
  planIndexes,
  repositoryListSql,
  runList,
  type Statement,
  userListSql,
} from './list-sql.ts';
import { activeOrganization, runDbScript, startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const REPOSITORIES = Number(process.env.BENCH_SCALE_REPOSITORIES ?? 1_000_000);
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const ORGANIZATIONS = Number(process.env.BENCH_SCALE_ORGANIZATIONS ?? 10_000);
const DEPTH = 1_000;
const WARMUP = 20;
const SAMPLES = 200;
const SEARCH_SAMPLES = 200;
// The bulk seed alone took 3.5 minutes on a machine shared with other jobs.
const BOUND_MS = 1_200_000;
const DEEP_RATIO_TARGET = 1.3;
const SEARCH_P95_TARGET_MS = 25;
const DASHBOARD_SAMPLES = 200;
const DASHBOARD_P95_TARGET_MS = 25;
const PAGE_SIZE = appConfig.pagination.pageSize;

/**
 * One term of each kind, on both lists. Inside the large organization (every tenth repository of the bulk
 * seed, whose names cycle through half of its 38 words): common, a name word (1 in 19 of its rows); rare,
 * digits (a few hundred rows); absent, a word of the other half (26,315 rows in other organizations, none
 * in this one); one character, found in every name; none, a term no name holds. Users (the manager's list
 * has no organization): a first name and digits; for "absent", a term whose trigrams every bulk e-mail
 * holds (`bulk-…@example.test`) but which no e-mail or name contains, so the trigram indexes find 100,000
 * candidates and the recheck keeps none; one character; none.
 */
const SEARCHES = [
  { list: 'repositories', kind: 'common', term: 'bea' },
  { list: 'repositories', kind: 'rare', term: '999' },
  { list: 'repositories', kind: 'absent', term: 'atl' },
  { list: 'repositories', kind: 'one character', term: 'e' },
  { list: 'repositories', kind: 'none', term: 'zqx' },
  { list: 'users', kind: 'common', term: 'ami' },
  { list: 'users', kind: 'rare', term: '999' },
  { list: 'users', kind: 'absent', term: 'bulk-0' },
  { list: 'users', kind: 'one character', term: 'a' },
  { list: 'users', kind: 'none', term: 'zqx' },
] as const;

export const measure = boundedSection('scale', BOUND_MS, run);

async function run(cleanups: Cleanups): Promise<SectionResult> {
  const seeding = performance.now();
  // Server-Timing with the database's share, for the dashboard's rows.
  const product = await startSeededProduct(cleanups, { SERVER_TIMING_DETAIL: 'true' }, bulkSeed);
  const seededSeconds = round((performance.now() - seeding) / 1000, 1);
  const cookie = await product.signIn(appConfig.seed.adminEmail);
  const sql = product.database.sql;
  const organizationId = await largeOrganization(sql);
  await activeOrganization(product.instance.origin, cookie, organizationId);
  const client = serverFnClient(product.instance.origin, cookie);
  cleanups.push(async () => client.close());

  // (a) First page and a deep page, the deep one reached by walking the cursors the server hands out.
  const listPage = (cursor?: string) =>
    client.get<AnyListPage>('repository', '$listRepositories', { searchTerm: '', cursor });
  const walking = performance.now();
  let cursor: string | undefined;
  for (let page = 0; page < DEPTH; page++) {
    const { result } = await listPage(cursor);
    if (!result.nextCursor) throw new Error(`the list ended after ${page + 1} pages`);
    cursor = result.nextCursor;
  }
  const walkSeconds = round((performance.now() - walking) / 1000, 1);
  const deepCursor = cursor;
  const first: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const a = await listPage();
    const b = await listPage(deepCursor);
    if (b.result.items.length !== PAGE_SIZE) throw new Error('the deep page is not full');
    if (i >= WARMUP) {
      first.push(a.ms);
      deep.push(b.ms);
    }
  }
  const firstPage = summarise(first);
  const deepPage = summarise(deep);
  const depthRatio = round(deepPage.p50Ms / firstPage.p50Ms, 2);
  const pagePlans = await listPlans(sql, organizationId, await listPage(), deepCursor);

  // (b) Searches: timed over HTTP, their statements explained.
  const searches = [];
  for (const search of SEARCHES) {
    searches.push({
      ...search,
      ...(await measureSearch(client, sql, organizationId, search.list, search.term)),
    });
  }

  // (c) The dashboard.
  const dashboard = await measureDashboard(client, sql);

  const rows: BenchRow[] = [
    {
      metric: `organization's repositories list page ${DEPTH + 1} vs first, p50`,
      value: deepPage.p50Ms,
      unit: 'ms',
      baseline: firstPage.p50Ms,
      ratio: depthRatio,
      target: `deep/first ≤ ${DEEP_RATIO_TARGET}`,
      pass: depthRatio <= DEEP_RATIO_TARGET,
    },
    ...searches.map((search) => ({
      metric: `search ${search.list === 'repositories' ? "organization's repositories" : 'users'} "${search.term}" (${search.kind}, ${search.total}${search.totalCapped ? '+' : ''} rows) p95`,
      value: search.timing.p95Ms,
      unit: 'ms',
      target: `≤ ${SEARCH_P95_TARGET_MS} ms`,
      pass: search.timing.p95Ms <= SEARCH_P95_TARGET_MS,
    })),
    {
      metric: 'dashboard p95',
      value: dashboard.timing.p95Ms,
      unit: 'ms',
      target: `≤ ${DASHBOARD_P95_TARGET_MS} ms`,
      pass: dashboard.timing.p95Ms <= DASHBOARD_P95_TARGET_MS,
    },
    { metric: 'dashboard p95, server time (Server-Timing)', value: dashboard.serverTiming.p95Ms, unit: 'ms' },
    { metric: 'dashboard p95, database time (Server-Timing)', value: dashboard.dbTiming.p95Ms, unit: 'ms' },
  ];
  return {
    section: 'scale',
    rows,
    details: {
      data: `pnpm db:seed + db:seed:bulk --repositories ${REPOSITORIES} --users ${USERS} --organizations ${ORGANIZATIONS} (${seededSeconds} s with the server start)`,
      organization: { id: organizationId, repositories: await countIn(sql, organizationId) },
      client: `the seeded admin (an owner of the organization, active in it), one keep-alive connection, sequential; pages: ${WARMUP} warm-up rounds discarded, ${SAMPLES} measured; searches: ${SEARCH_SAMPLES} measured after ${WARMUP} warm-up`,
      walk: { pages: DEPTH, seconds: walkSeconds },
      firstPage,
      deepPage,
      pagePlans,
      searches,
      dashboard,
    },
  };
}

/**
 * The manager dashboard by the seeded admin: warm-up, then DASHBOARD_SAMPLES calls. The bulk seed makes no
 * sessions and no bans, so first 60,000 sessions of the last 7 days for 30,000 bulk users (~8,500 in the
 * last 24 hours, 1 in 100 an impersonation) and 1,000 bans (half expiring tomorrow, half for good). The
 * answer's totals are checked against exact counts (an estimate within 2 %, flagged; an exact one equal)
 * and the old exact form of the totals (three count(*)) is explained for comparison.
 */
async function measureDashboard(client: ServerFnClient, sql: postgres.Sql) {
  await sql`
    insert into session (id, token, user_id, created_at, updated_at, expires_at, impersonated_by)
    select 'bench-session-' || g, 'bench-session-token-' || g, id, moment, moment, moment + interval '30 days',
      case when g % 100 = 0 then id end
    from (
      select id, g, now() - ((g * 7919) % 604800) * interval '1 second' as moment
      from (
        select u.id, row_number() over () as g
        from (select id from "user" where email like 'bulk-%' order by id limit 30000) as u
        cross join generate_series(1, 2)
      ) as numbered
    ) as timed`;
  await sql`
    update "user" set banned = true,
      ban_expires = case when substring(email from '[0-9]+')::int % 200 = 0 then now() + interval '1 day' end
    where email like 'bulk-%' and substring(email from '[0-9]+')::int % 100 = 0`;
  await sql`analyze session`;
  await sql`analyze "user"`;

  const call = () => client.get<DashboardFigures>('dashboard', '$getDashboard', undefined);
  const { result } = await call();
  const [exact] = await sql<{ users: number; repositories: number; organizations: number }[]>`
    select (select count(*)::int from "user") as users, (select count(*)::int from repository) as repositories,
      (select count(*)::int from organization) as organizations`;
  if (!exact) throw new Error('no exact counts');
  const totals = [
    ['totalUsers', exact.users],
    ['repositories', exact.repositories],
    ['organizations', exact.organizations],
  ] as const;
  for (const [key, count] of totals) {
    const shown = result[key];
    const ok = result.estimated[key]
      ? Math.abs(shown - count) <= count * 0.02 && count > appConfig.dashboard.estimateAbove
      : shown === count;
    if (!ok)
      throw new Error(`dashboard ${key}: ${shown} (estimated: ${result.estimated[key]}), exact ${count}`);
  }
  for (let i = 0; i < WARMUP; i++) await call();
  const durations: number[] = [];
  const serverDurations: number[] = [];
  const dbDurations: number[] = [];
  for (let i = 0; i < DASHBOARD_SAMPLES; i++) {
    const { ms, server } = await call();
    durations.push(ms);
    if (!server || !Number.isFinite(server.dbMs))
      throw new Error('the dashboard answered no Server-Timing detail');
    serverDurations.push(server.totalMs);
    dbDurations.push(server.dbMs);
  }
  const exactTotals = await explain(sql, {
    text: `select (select count(*) from "user"), (select count(*) from repository), (select count(*) from organization)`,
    params: [],
  });
  return {
    figures: { ...result, signups: `${result.signups.length} days` },
    exactCounts: exact,
    timing: summarise(durations),
    serverTiming: summarise(serverDurations),
    dbTiming: summarise(dbDurations),
    exactTotalsStatement: exactTotals,
  };
}

async function measureSearch(
  client: ServerFnClient,
  sql: postgres.Sql,
  organizationId: string,
  list: 'repositories' | 'users',
  term: string,
) {
  const call = () =>
    list === 'repositories'
      ? client.get<AnyListPage>('repository', '$listRepositories', { searchTerm: term })
      : client.get<AnyListPage>('user', '$listUsers', {
          searchTerm: term,
          role: '',
          status: '',
          sort: 'created',
          order: 'desc',
        });
  const statements =
    list === 'repositories'
      ? repositoryListSql(organizationId, term, PAGE_SIZE)
      : userListSql(term, PAGE_SIZE);
  const { result } = await call();
  const raw = await runList(sql, statements);
  const answered = result.items.map((item) => item.id);
  const sameTotal = result.total === raw.total && result.totalCapped === raw.totalCapped;
  if (answered.join() !== raw.ids.slice(0, PAGE_SIZE).join() || !sameTotal) {
    throw new Error(`${list} "${term}": the server function and the raw SQL disagree`);
  }
  for (let i = 0; i < WARMUP; i++) await call();
  const durations: number[] = [];
  for (let i = 0; i < SEARCH_SAMPLES; i++) durations.push((await call()).ms);
  const { matches, countMatches } = statements;
  return {
    total: result.total,
    totalCapped: result.totalCapped,
    // `page` alone, or `page` then `matches`; `count` alone, or then `countMatches` (the first rows held
    // too few matches; list-sql.ts).
    answeredBy: raw.answeredBy,
    countedBy: raw.countedBy,
    timing: summarise(durations),
    plans: {
      page: await explain(sql, statements.page),
      ...(matches && raw.answeredBy === 'matches' ? { matches: await explain(sql, matches) } : {}),
      count: await explain(sql, statements.count),
      ...(countMatches && raw.countedBy === 'countMatches'
        ? { countMatches: await inPlanning(sql, true, (tx) => explain(tx, countMatches)) }
        : {}),
    },
  };
}

/** The statement's plan: the indexes it reads, its node types and the time Postgres spent. */
async function explain(sql: postgres.Sql | postgres.TransactionSql, statement: Statement) {
  const [row] = await sql.unsafe(`explain (analyze, format json) ${statement.text}`, statement.params);
  const plan = (row?.['QUERY PLAN'] as [{ Plan: unknown; 'Execution Time': number }])[0];
  return {
    indexes: planIndexes(plan.Plan),
    nodes: nodeTypes(plan.Plan),
    executionMs: plan['Execution Time'],
  };
}

function nodeTypes(plan: unknown): string[] {
  const types: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const {
      'Node Type': type,
      'Index Name': index,
      Plans: children,
    } = node as {
      'Node Type'?: string;
      'Index Name'?: string;
      Plans?: unknown[];
    };
    if (type) types.push(index ? `${type} on ${index}` : type);
    children?.forEach(walk);
  };
  walk(plan);
  return types;
}

/**
 * The first page's and the deep page's statements, checked against what the server function answered,
 * and explained.
 */
async function listPlans(
  sql: postgres.Sql,
  organizationId: string,
  first: { result: AnyListPage },
  deepCursor: string | undefined,
) {
  if (!deepCursor) throw new Error('no deep cursor');
  const [cursorAt, id] = JSON.parse(Buffer.from(deepCursor, 'base64url').toString('utf8')) as [
    string,
    string,
  ];
  const firstStatements = repositoryListSql(organizationId, '', PAGE_SIZE);
  const raw = await runList(sql, firstStatements);
  if (first.result.items.map((item) => item.id).join() !== raw.ids.slice(0, PAGE_SIZE).join()) {
    throw new Error("the organization's first page: the server function and the raw SQL disagree");
  }
  const deepStatements = repositoryListSql(organizationId, '', PAGE_SIZE, { cursorAt, id });
  const deepRows = await sql.unsafe(deepStatements.page.text, deepStatements.page.params, { prepare: false });
  if (deepRows.length !== PAGE_SIZE + 1) throw new Error('the deep page statement found no full page');
  return {
    first: await explain(sql, firstStatements.page),
    deep: await explain(sql, deepStatements.page),
    count: await explain(sql, firstStatements.count),
  };
}

/** The bulk seed's large organization: the first bulk organization the seeded admin owns. */
async function largeOrganization(sql: postgres.Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select m.organization_id as id from member m join "user" u on u.id = m.user_id
    where u.email = ${appConfig.seed.adminEmail} and m.role = 'owner' and m.organization_id ~ '^bulk-org-[0-9]+$'
    order by substring(m.organization_id from 10)::bigint limit 1`;
  if (!row) throw new Error('the bulk seed made the seeded admin own no organization');
  return row.id;
}

async function countIn(sql: postgres.Sql, organizationId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from repository where organization_id = ${organizationId}`;
  return row?.n ?? 0;
}

/** `pnpm db:seed:bulk` on the seeded database, before the server starts. */
function bulkSeed(databaseUrl: string): Promise<void> {
  const args = [
    '--repositories',
    String(REPOSITORIES),
    '--users',
    String(USERS),
    '--organizations',
    String(ORGANIZATIONS),
  ];
  return runDbScript(databaseUrl, ['src/server/db/cli/seed-bulk.ts', ...args], 900_000);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}
