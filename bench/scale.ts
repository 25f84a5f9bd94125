// Section 4 of `pnpm bench`: lists at scale. A throwaway Postgres database with `pnpm db:seed`'s data plus
// `pnpm db:seed:bulk -- --repositories 1000000 --users 100000`, the production build on it, the seeded
// admin signed in; everything through the real server functions over one keep-alive connection:
//   (a) the repositories list's first page next to a page DEPTH pages deep, reached by following the real
//       keyset cursors, both then timed alternately;
//   (b) search p95 for a common and a rare 3-letter term on repositories (the manager list) and users (the
//       manager users list), with the indexes of the plan (EXPLAIN (ANALYZE, FORMAT JSON)) of the exact
//       statements each search runs, checked to return what the server function answered.
//
// Alone: `node bench/scale.ts` prints the section as JSON. BENCH_SCALE_REPOSITORIES / BENCH_SCALE_USERS
// change the row counts (for trying the section out; the targets are for the defaults).
import { fileURLToPath } from 'node:url';
import type postgres from 'postgres';
import { appConfig } from '../app.config.ts';
import { type AnyListPage, type ServerFnClient, round, serverFnClient, summarise } from './http.ts';
import {
  inPlanning,
  planIndexes,
  repositoryListSql,
  runList,
  type Statement,
  userListSql,
} from './list-sql.ts';
import { runDbScript, startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const REPOSITORIES = Number(process.env.BENCH_SCALE_REPOSITORIES ?? 1_000_000);
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const DEPTH = 1_000;
const WARMUP = 20;
const SAMPLES = 200;
const SEARCH_SAMPLES = 200;
const BOUND_MS = 600_000;
const DEEP_RATIO_TARGET = 1.3;
const SEARCH_P95_TARGET_MS = 25;
const PAGE_SIZE = appConfig.pagination.pageSize;

/** A name word of the bulk seed (1 in 38 rows) and digits (a few thousand rows); a first name and digits. */
const SEARCHES = [
  { list: 'repositories', kind: 'common', term: 'atl' },
  { list: 'repositories', kind: 'rare', term: '999' },
  { list: 'users', kind: 'common', term: 'ami' },
  { list: 'users', kind: 'rare', term: '999' },
] as const;

export const measure = boundedSection('scale', BOUND_MS, run);

async function run(cleanups: Cleanups): Promise<SectionResult> {
  const seeding = performance.now();
  const product = await startSeededProduct(cleanups, {}, bulkSeed);
  const seededSeconds = round((performance.now() - seeding) / 1000, 1);
  const cookie = await product.signIn(appConfig.seed.adminEmail);
  const client = serverFnClient(product.instance.origin, cookie);
  cleanups.push(async () => client.close());
  const sql = product.database.sql;

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

  // (b) Searches: timed over HTTP, their statements explained.
  const searches = [];
  for (const search of SEARCHES) {
    searches.push({ ...search, ...(await measureSearch(client, sql, search.list, search.term)) });
  }

  const rows: BenchRow[] = [
    {
      metric: `repositories list page ${DEPTH + 1} vs first, p50`,
      value: deepPage.p50Ms,
      unit: 'ms',
      baseline: firstPage.p50Ms,
      ratio: depthRatio,
      target: `deep/first ≤ ${DEEP_RATIO_TARGET}`,
      pass: depthRatio <= DEEP_RATIO_TARGET,
    },
    ...searches.map((search) => ({
      metric: `search ${search.list} "${search.term}" (${search.kind}, ${search.total}${search.totalCapped ? '+' : ''} rows) p95`,
      value: search.timing.p95Ms,
      unit: 'ms',
      target: `≤ ${SEARCH_P95_TARGET_MS} ms`,
      pass: search.timing.p95Ms <= SEARCH_P95_TARGET_MS,
    })),
  ];
  return {
    section: 'scale',
    rows,
    details: {
      data: `pnpm db:seed + db:seed:bulk --repositories ${REPOSITORIES} --users ${USERS} (${seededSeconds} s with the server start)`,
      client: `the seeded admin, one keep-alive connection, sequential; pages: ${WARMUP} warm-up rounds discarded, ${SAMPLES} measured; searches: ${SEARCH_SAMPLES} measured after ${WARMUP} warm-up`,
      walk: { pages: DEPTH, seconds: walkSeconds },
      firstPage,
      deepPage,
      searches,
    },
  };
}

async function measureSearch(
  client: ServerFnClient,
  sql: postgres.Sql,
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
    list === 'repositories' ? repositoryListSql(term, PAGE_SIZE) : userListSql(term, PAGE_SIZE);
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
  return {
    total: result.total,
    totalCapped: result.totalCapped,
    timing: summarise(durations),
    plans: {
      page: await explain(sql, statements.page),
      count: await inPlanning(sql, statements.search, (tx) => explain(tx, statements.count)),
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

/** `pnpm db:seed:bulk` on the seeded database, before the server starts. */
function bulkSeed(databaseUrl: string): Promise<void> {
  const args = ['--repositories', String(REPOSITORIES), '--users', String(USERS)];
  return runDbScript(databaseUrl, ['src/server/db/cli/seed-bulk.ts', ...args], 300_000);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}
