// Section 3 of `pnpm bench`: server-function latency. The production build on a seeded throwaway Postgres
// answers the repositories list server function (first page, 20 items, as the app's client calls it: GET
// with the payload in the query) to a signed-in user, one request after another on one keep-alive
// connection; next to it, the same two statements the function runs (the page and the count, same
// parameters, at once) straight through postgres.js. A warm-up of each is thrown away. The HTTP answer and
// the raw SQL must agree (same ids, same total), or the section fails rather than compare different work.
// The session check alone (`GET /api/auth/get-session`) is timed too, as a breakdown.
//
// Alone: `node bench/server-fn.ts` prints the section as JSON.
import { fileURLToPath } from 'node:url';
import { appConfig } from '../app.config.ts';
import { clientAddress } from '../e2e/support/instances.ts';
import { type AnyListPage, round, serverFnClient, summarise, timeCalls, timeSequential } from './http.ts';
import { repositoryListSql, runList, sessionLookupSql } from './list-sql.ts';
import { startSeededProduct } from './seeded-product.ts';
import type { BenchRow, Section } from './types.ts';

const WARMUP = 200;
const SAMPLES = 1_000;
const BOUND_MS = 150_000;
const PAGE_SIZE = appConfig.pagination.pageSize;

export const measure: Section = async () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server-fn section over ${BOUND_MS} ms`)), BOUND_MS);
  });
  try {
    return await Promise.race([run(cleanups), watchdog]);
  } finally {
    clearTimeout(timer);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
};

async function run(cleanups: (() => Promise<unknown>)[]) {
  const product = await startSeededProduct(cleanups);
  const cookie = await product.signIn(appConfig.seed.userEmail);
  const client = serverFnClient(product.instance.origin, cookie);
  cleanups.push(async () => client.close());
  const sql = product.database.sql;
  const statements = repositoryListSql('', PAGE_SIZE);
  const call = () => client.get<AnyListPage>('repository', '$listRepositories', { searchTerm: '' });

  // The same work on both sides, checked once up front.
  const { result } = await call();
  const raw = await runList(sql, statements);
  const answered = result.items.map((item) => item.id);
  if (result.items.length !== PAGE_SIZE || answered.join() !== raw.ids.slice(0, PAGE_SIZE).join()) {
    throw new Error(
      `the server function and the raw SQL disagree: ${answered.length} items vs ${raw.ids.length}`,
    );
  }
  if (result.total !== raw.total || result.totalCapped !== raw.totalCapped) {
    throw new Error(`totals disagree: ${result.total} vs ${raw.total}`);
  }

  const rawSql = summarise(
    await timeSequential(
      async () => {
        const started = performance.now();
        await runList(sql, statements);
        return { ms: performance.now() - started };
      },
      WARMUP,
      SAMPLES,
    ),
  );
  // The database's floor for the whole request: the session lookup, then the page and the count at once.
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? '';
  const lookup = sessionLookupSql(token);
  const [found] = await sql.unsafe(lookup.text, lookup.params, { prepare: false });
  if (!found) throw new Error('the session lookup found no session for the cookie');
  const rawRequest = summarise(
    await timeSequential(
      async () => {
        const started = performance.now();
        await sql.unsafe(lookup.text, lookup.params, { prepare: false });
        await runList(sql, statements);
        return { ms: performance.now() - started };
      },
      WARMUP,
      SAMPLES,
    ),
  );

  const calls = await timeCalls(call, WARMUP, SAMPLES);
  const serverFn = summarise(calls.map((timed) => timed.ms));
  // The server's own account (Server-Timing): its whole handling, and the database's part of it.
  const inServer = summarise(calls.map((timed) => timed.server?.totalMs ?? NaN));
  const inDatabase = summarise(calls.map((timed) => timed.server?.dbMs ?? NaN));
  const queries = calls[0]?.server?.queries;
  // better-auth limits each client address per path: every call comes from an address of its own.
  const session = summarise(
    await timeSequential(
      () => client.raw('/api/auth/get-session', { 'x-forwarded-for': clientAddress() }),
      WARMUP,
      SAMPLES,
    ),
  );

  // The floor of any server function here: Start, the product's request and function middleware, no
  // session check, no database.
  const bare = summarise(
    await timeSequential(() => client.get('auth', '$getAuthConfig', undefined), WARMUP, SAMPLES),
  );

  const limit = 2 * rawSql.p50Ms + 2;
  const rows: BenchRow[] = [
    {
      metric: 'repositories list server fn p50',
      value: serverFn.p50Ms,
      unit: 'ms',
      baseline: rawSql.p50Ms,
      ratio: round(serverFn.p50Ms / rawSql.p50Ms, 2),
      target: `≤ 2 × raw SQL + 2 ms (${round(limit, 2)} ms)`,
      pass: serverFn.p50Ms <= limit,
    },
    {
      metric: 'repositories list server fn p95',
      value: serverFn.p95Ms,
      unit: 'ms',
      baseline: rawSql.p95Ms,
      ratio: round(serverFn.p95Ms / rawSql.p95Ms, 2),
    },
  ];
  return {
    section: 'server-fn',
    rows,
    details: {
      client: `one keep-alive connection, sequential, ${WARMUP} warm-up calls discarded, ${SAMPLES} measured`,
      call: '$listRepositories { searchTerm: "" } as a signed-in user (seeded data), first page of 20',
      rawSql: { ...rawSql, statements },
      serverFn,
      breakdown: {
        note: 'p50s of separate distributions; they do not add up exactly',
        'client: request to last byte': serverFn.p50Ms,
        'server: whole handling (Server-Timing total)': inServer.p50Ms,
        [`server: database, ${queries} queries, summed (Server-Timing db)`]: inDatabase.p50Ms,
        'server: outside the database': round(inServer.p50Ms - inDatabase.p50Ms, 2),
        'outside the server (HTTP parse, loopback, client)': round(serverFn.p50Ms - inServer.p50Ms, 2),
        'raw SQL, both statements at once': rawSql.p50Ms,
        'raw SQL of the whole request (session lookup, then both statements)': rawRequest.p50Ms,
        '$getAuthConfig (a server function without session or database)': bare.p50Ms,
        'GET /api/auth/get-session alone (session check over HTTP)': session.p50Ms,
      },
      serverTiming: { total: inServer, db: inDatabase },
      session,
      bareServerFn: bare,
      rawRequest: { ...rawRequest, sessionLookup: lookup.text },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}
