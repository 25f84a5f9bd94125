// Section 3 of `pnpm bench`: server-function latency. The production build on a seeded throwaway Postgres
// answers the repositories list server function (first page, 20 items, as the app's client calls it: GET
// with the payload in the query) to a signed-in user, one request after another on one keep-alive
// connection; next to it, the same two statements the function runs (the page and the count, same
// parameters, at once) straight through postgres.js. The measures take turns within each round (a warm-up
// of rounds thrown away), so a machine busy with other work weighs on all of them alike. The HTTP answer
// and the raw SQL must agree (same ids, same total), or the section fails rather than compare different
// work. The details break the time down: the product's Server-Timing, a server function without session
// or database, one doing only the session check, the database floor of the whole request, and the raw SQL
// in a tight loop for reference.
//
// Alone: `node bench/server-fn.ts` prints the section as JSON.
import { fileURLToPath } from 'node:url';
import { appConfig } from '../app.config.ts';
import { clientAddress } from '../e2e/support/instances.ts';
import { type AnyListPage, round, serverFnClient, summarise, timeRounds } from './http.ts';
import { repositoryListSql, runList, sessionLookupSql } from './list-sql.ts';
import { activeOrganization, startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const WARMUP = 200;
const SAMPLES = 1_000;
const BOUND_MS = 150_000;
const PAGE_SIZE = appConfig.pagination.pageSize;

export const measure = boundedSection('server-fn', BOUND_MS, run);

async function run(cleanups: Cleanups): Promise<SectionResult> {
  // The breakdown reads the database's time and query count from Server-Timing: the operator's switch.
  const product = await startSeededProduct(cleanups, { SERVER_TIMING_DETAIL: 'true' });
  const cookie = await product.signIn(appConfig.seed.userEmail);
  const client = serverFnClient(product.instance.origin, cookie);
  cleanups.push(async () => client.close());
  const sql = product.database.sql;
  // The seeded user is a member of Acme, where their sessions start (the seed's first organization).
  const organizationId = await activeOrganization(product.instance.origin, cookie);
  const statements = repositoryListSql(organizationId, '', PAGE_SIZE);
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

  // The database's floor for the whole request: the session lookup, then the page and the count at once.
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? '';
  const lookup = sessionLookupSql(token);
  const [found] = await sql.unsafe(lookup.text, lookup.params, { prepare: false });
  if (!found) throw new Error('the session lookup found no session for the cookie');

  // Every measure once per round, one after another, so a busy machine weighs on all of them alike.
  const measures = {
    rawSql: async () => {
      const started = performance.now();
      await runList(sql, statements);
      return { ms: performance.now() - started };
    },
    rawRequest: async () => {
      const started = performance.now();
      await sql.unsafe(lookup.text, lookup.params, { prepare: false });
      await runList(sql, statements);
      return { ms: performance.now() - started };
    },
    serverFn: call,
    // The floor of any server function here: Start, the request and function middleware, no session
    // check, no database.
    bare: () => client.get('auth', '$getAuthConfig', undefined),
    // The same plus better-auth's session check (what every private server function starts with).
    sessionFn: async () => {
      const timed = await client.get<{ user: { id: string } } | null>('auth', '$getSession', undefined);
      if (!timed.result) throw new Error('$getSession: not signed in');
      return timed;
    },
    // better-auth limits each client address per path: every call comes from an address of its own.
    session: () => client.raw('/api/auth/get-session', { 'x-forwarded-for': clientAddress() }),
  };
  const samples = await timeRounds(measures, WARMUP, SAMPLES);
  // For reference: the statements alone in a tight loop, where the database connection never cools
  // between them (lower than between requests; the target uses the interleaved figure above).
  const tightLoop = await timeRounds({ rawSql: measures.rawSql }, WARMUP, SAMPLES);
  const rawSqlTight = summarise(tightLoop.rawSql.map((timed) => timed.ms));
  const rawSql = summarise(samples.rawSql.map((timed) => timed.ms));
  const rawRequest = summarise(samples.rawRequest.map((timed) => timed.ms));
  const serverFn = summarise(samples.serverFn.map((timed) => timed.ms));
  // The server's own account (Server-Timing): its whole handling, and the database's part of it.
  const inServer = summarise(samples.serverFn.map((timed) => timed.server?.totalMs ?? NaN));
  const inDatabase = summarise(samples.serverFn.map((timed) => timed.server?.dbMs ?? NaN));
  const queries = samples.serverFn[0]?.server?.queries;
  const bare = summarise(samples.bare.map((timed) => timed.ms));
  const sessionFn = summarise(samples.sessionFn.map((timed) => timed.ms));
  const session = summarise(samples.session.map((timed) => timed.ms));

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
      client: `one keep-alive connection, sequential; ${WARMUP} warm-up rounds discarded, ${SAMPLES} measured, each round timing every measure once in turn`,
      call: '$listRepositories { searchTerm: "" } as a signed-in member of Acme, their active organization (seeded data), first page of 20',
      rawSql: { ...rawSql, statements },
      rawSqlTightLoop: rawSqlTight,
      serverFn,
      breakdown: {
        note: 'p50s of separate distributions; they do not add up exactly',
        'client: request to last byte': serverFn.p50Ms,
        'server: whole handling (Server-Timing total)': inServer.p50Ms,
        [`server: database, ${queries} queries, summed (Server-Timing db)`]: inDatabase.p50Ms,
        'server: outside the database': round(inServer.p50Ms - inDatabase.p50Ms, 2),
        'outside the server (HTTP parse, loopback, client)': round(serverFn.p50Ms - inServer.p50Ms, 2),
        'raw SQL, both statements at once': rawSql.p50Ms,
        'raw SQL, both statements at once, in a tight loop': rawSqlTight.p50Ms,
        'raw SQL of the whole request (session lookup, then both statements)': rawRequest.p50Ms,
        '$getAuthConfig (a server function without session or database)': bare.p50Ms,
        '$getSession (a server function doing only the session check)': sessionFn.p50Ms,
        'session check, by difference ($getSession − $getAuthConfig)': round(sessionFn.p50Ms - bare.p50Ms, 2),
        'list and count, by difference (list fn − $getSession)': round(serverFn.p50Ms - sessionFn.p50Ms, 2),
        'GET /api/auth/get-session alone (session check over HTTP)': session.p50Ms,
      },
      serverTiming: { total: inServer, db: inDatabase },
      session,
      bareServerFn: bare,
      sessionServerFn: sessionFn,
      rawRequest: { ...rawRequest, sessionLookup: lookup.text },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}
