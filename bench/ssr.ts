// Section 2 of `pnpm bench`: server-rendering throughput. The production build on real Postgres (a seeded
// throwaway database) answers `GET /login` anonymously (as visitors get it, from the page cache after the
// first answer, ADR 012; and rendered every time, the cache bypassed by a parameter the page does not
// read) and `GET /app/repositories` as the seeded user,
// and the bare baseline app (bench/baseline) answers its one page, all loaded the same way with
// autocannon in this process: CONNECTIONS connections, a WARMUP_S run that is thrown away, then DURATION_S
// measured. No Accept-Encoding is sent, so nobody spends time compressing. Every answer must be a 200
// with the page's own marker, or the section fails rather than report the speed of an error page.
// The signed-in list is also measured against a data floor: the baseline's /repositories, which checks the
// same signed session cookie with one query and renders the same 20 rows from the same SQL through
// postgres.js on the same database (bench/baseline/src/data/repositories.ts).
// Server CPU per request is read from /proc/<pid>/stat (user + system time of the server process) over
// CPU_REQUESTS requests after a warm-up, CPU_CONNECTIONS connections: on a busy machine it holds better
// than throughput. The signed-in `/app/repositories` (the seeded user) and `/manager/users` (the seeded
// admin) are measured next to the data floor, CPU_ROUNDS rounds taking turns, medians reported.
//
// Alone: `node bench/ssr.ts` prints the section as JSON; BENCH_SSR_CPU_ONLY=1 measures the CPU figures only
// (2–10 minutes, by how busy the machine is). AREA_SSR (src/server/env.ts) passes through to the product's server.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { appConfig } from '../app.config.ts';
import { startBaseline } from './baseline/app.ts';
import { E2E_SECRET } from '../e2e/support/instances.ts';
import { startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const CONNECTIONS = 10;
const WARMUP_S = 2;
const DURATION_S = 10;
const BOUND_MS = 600_000;
const RATIO_TARGET = 0.6;
/** The signed-in list against the data floor: at least half its throughput, at most twice its p95. */
const DATA_RATIO_TARGET = 0.5;
const DATA_P95_TARGET = 2;
/** The rows of the list's first page, on both sides. */
const DATA_ROWS = appConfig.pagination.pageSize;
/** Server CPU per signed-in list render (issue 32 §1), in ms. */
const CPU_TARGET_MS = 4;
const CPU_REQUESTS = 1_000;
const CPU_WARMUP_REQUESTS = 200;
const CPU_CONNECTIONS = 4;
const CPU_ROUNDS = 3;

type Load = { requestsPerSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; requests: number };

export const measure = boundedSection('ssr', BOUND_MS, run);

async function run(cleanups: Cleanups): Promise<SectionResult> {
  // Page-cache hits are read from Server-Timing, which shows them with the operator's switch only.
  const product = await startSeededProduct(cleanups, { SERVER_TIMING_DETAIL: 'true' });
  // The baseline reads the product's database: the same session and the same rows.
  const baseline = await startBaseline({
    DATABASE_URL: product.database.url,
    BETTER_AUTH_SECRET: E2E_SECRET,
  });
  cleanups.push(baseline.stop);
  const cookie = await product.signIn(appConfig.seed.userEmail);
  const adminCookie = await product.signIn(appConfig.seed.adminEmail);
  const origin = product.instance.origin;

  // Checked once up front: the pages answer what they should (not a redirect to /login, not an error).
  await expectPage(`${baseline.origin}/`, {}, '<h1>Baseline</h1>');
  await expectPage(`${origin}/login`, {}, 'type="email"');
  await expectPage(`${origin}/app/repositories`, { cookie }, '/app/repositories');
  await expectPage(`${origin}/manager/users`, { cookie: adminCookie }, '/manager/users');
  await expectPage(`${baseline.origin}/repositories`, { cookie }, `data-rows="${DATA_ROWS}"`);
  // The two /login figures are what they say: one from the page cache, one rendered every time.
  await expectCache(`${origin}/login`, 'page-cache;desc="hit"');
  await expectCache(`${origin}/login?bench=render`, undefined);

  const cpu = await cpuRounds([
    {
      name: 'dataFloor',
      pid: baseline.pid,
      url: `${baseline.origin}/repositories`,
      headers: { cookie },
      marker: `data-rows="${DATA_ROWS}"`,
    },
    {
      name: 'repositories',
      pid: product.instance.process.pid,
      url: `${origin}/app/repositories`,
      headers: { cookie },
      marker: '/app/repositories',
    },
    {
      name: 'users',
      pid: product.instance.process.pid,
      url: `${origin}/manager/users`,
      headers: { cookie: adminCookie },
      marker: '/manager/users',
    },
  ]);

  const cpuRows = [
    cpuRow(
      'GET /app/repositories (signed in) server CPU per request',
      cpu.medians.repositories,
      cpu.medians.dataFloor,
    ),
    cpuRow('GET /manager/users (signed in) server CPU per request', cpu.medians.users, cpu.medians.dataFloor),
  ];
  const cpuDetails = {
    method: `server process user + system time (/proc/<pid>/stat) over ${CPU_REQUESTS} requests after ${CPU_WARMUP_REQUESTS} discarded, ${CPU_CONNECTIONS} connections, ${CPU_ROUNDS} rounds taking turns; medians`,
    areaSsr: process.env.AREA_SSR ?? 'default',
    ...cpu.rounds,
  };
  if (process.env.BENCH_SSR_CPU_ONLY === '1')
    return { section: 'ssr', rows: cpuRows, details: { cpu: cpuDetails } };

  const baselineLoad = await load(`${baseline.origin}/`, {}, '<h1>Baseline</h1>');
  const login = await load(`${origin}/login`, {}, 'type="email"');
  const loginRendered = await load(`${origin}/login?bench=render`, {}, 'type="email"');
  const dataFloor = await load(`${baseline.origin}/repositories`, { cookie }, `data-rows="${DATA_ROWS}"`);
  const repositories = await load(`${origin}/app/repositories`, { cookie }, '/app/repositories');

  /** Throughput and p95 of `measured` next to the bare page; `minRatio` makes the throughput a target. */
  const versus = (label: string, measured: Load, minRatio?: number): BenchRow[] => {
    const ratio = round(measured.requestsPerSecond / baselineLoad.requestsPerSecond, 2);
    return [
      {
        metric: `${label} throughput`,
        value: round(measured.requestsPerSecond, 0),
        unit: 'req/s',
        baseline: round(baselineLoad.requestsPerSecond, 0),
        ratio,
        ...(minRatio === undefined ? {} : { target: `≥ ${minRatio} × baseline`, pass: ratio >= minRatio }),
      },
      {
        metric: `${label} p95`,
        value: round(measured.p95Ms, 1),
        unit: 'ms',
        baseline: round(baselineLoad.p95Ms, 1),
        ratio: round(measured.p95Ms / baselineLoad.p95Ms, 2),
      },
    ];
  };
  const rows: BenchRow[] = [
    ...versus('GET /login (anonymous)', login, RATIO_TARGET),
    ...versus('GET /login (anonymous, rendered)', loginRendered),
    ...versus('GET /app/repositories (signed in)', repositories),
    ...versusDataFloor(repositories, dataFloor),
    ...cpuRows,
  ];
  return {
    section: 'ssr',
    rows,
    details: {
      client: `autocannon in the bench process, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up (discarded), ${DURATION_S} s measured, no Accept-Encoding`,
      cpu: cpuDetails,
      baseline: baselineLoad,
      login,
      loginRendered,
      repositories,
      dataFloor,
    },
  };
}

/** The signed-in list next to the data floor (the bare app reading the same rows for the same session). */
function versusDataFloor(measured: Load, floor: Load): BenchRow[] {
  const throughput = round(measured.requestsPerSecond / floor.requestsPerSecond, 2);
  const p95 = round(measured.p95Ms / floor.p95Ms, 2);
  return [
    {
      metric: 'GET /app/repositories vs data floor throughput',
      value: round(measured.requestsPerSecond, 0),
      unit: 'req/s',
      baseline: round(floor.requestsPerSecond, 0),
      ratio: throughput,
      target: `≥ ${DATA_RATIO_TARGET} × data floor`,
      pass: throughput >= DATA_RATIO_TARGET,
    },
    {
      metric: 'GET /app/repositories vs data floor p95',
      value: round(measured.p95Ms, 1),
      unit: 'ms',
      baseline: round(floor.p95Ms, 1),
      ratio: p95,
      target: `≤ ${DATA_P95_TARGET} × data floor`,
      pass: p95 <= DATA_P95_TARGET,
    },
  ];
}

type CpuTarget = {
  name: string;
  pid: number | undefined;
  url: string;
  headers: Record<string, string>;
  marker: string;
};

/** Each target's CPU per request, CPU_ROUNDS rounds with the targets taking turns; medians by name. */
async function cpuRounds(
  targets: CpuTarget[],
): Promise<{ medians: Record<string, number>; rounds: Record<string, number[]> }> {
  const rounds: Record<string, number[]> = {};
  for (let round = 0; round < CPU_ROUNDS; round++) {
    for (const target of targets) {
      const ms = await cpuPerRequest(target);
      (rounds[target.name] ??= []).push(ms);
      console.error(`[ssr] round ${round + 1}: ${target.name} ${ms} ms CPU per request`);
    }
  }
  const medians = Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values)]));
  return { medians, rounds };
}

/** Server CPU per request in ms: the process's CPU time over CPU_REQUESTS answers, after a warm-up. */
async function cpuPerRequest({ pid, url, headers, marker }: CpuTarget): Promise<number> {
  if (pid === undefined) throw new Error(`${url}: no server process id`);
  await cannon(url, headers, marker, { amount: CPU_WARMUP_REQUESTS }, CPU_CONNECTIONS);
  const before = cpuMs(pid);
  await cannon(url, headers, marker, { amount: CPU_REQUESTS }, CPU_CONNECTIONS);
  return round((cpuMs(pid) - before) / CPU_REQUESTS, 2);
}

/** User + system CPU time of a process so far, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function cpuRow(metric: string, value: number | undefined, floor: number | undefined): BenchRow {
  const ms = value ?? Number.NaN;
  return {
    metric,
    value: ms,
    unit: 'ms',
    baseline: floor ?? Number.NaN,
    ratio: round(ms / (floor ?? Number.NaN), 2),
    target: `≤ ${CPU_TARGET_MS} ms`,
    pass: ms <= CPU_TARGET_MS,
  };
}

async function expectPage(url: string, headers: Record<string, string>, marker: string): Promise<void> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(marker)) {
    throw new Error(
      `${url}: HTTP ${response.status}, ${marker} ${body.includes(marker) ? 'present' : 'missing'}: ${/(UNAUTHORIZED|NO_ACTIVE_ORGANIZATION)[^"<]*|Error[^"<]{0,200}/.exec(body)?.[0] ?? body.slice(0, 200)}`,
    );
  }
}

async function expectCache(url: string, marker: string | undefined): Promise<void> {
  const timing = (await fetch(url)).headers.get('server-timing') ?? '';
  const ok = marker ? timing.includes(marker) : !timing.includes('page-cache');
  if (!ok) throw new Error(`${url}: Server-Timing "${timing}", expected ${marker ?? 'no page cache'}`);
}

/** A warm-up, then the measured run; latencies from every response (autocannon's histogram has no p95). */
async function load(url: string, headers: Record<string, string>, marker: string): Promise<Load> {
  await cannon(url, headers, marker, { duration: WARMUP_S });
  return cannon(url, headers, marker, { duration: DURATION_S });
}

/** One autocannon run of `length` (seconds, or a number of requests). */
function cannon(
  url: string,
  headers: Record<string, string>,
  marker: string,
  length: { duration: number } | { amount: number },
  connections = CONNECTIONS,
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let wrongBodies = 0;
    const instance = autocannon(
      {
        url,
        connections,
        ...length,
        headers,
        timeout: 10,
        // Each answer is checked: a page that renders its error screen fast is not a fast page.
        verifyBody: (body) => {
          const ok = String(body ?? '').includes(marker);
          if (!ok) wrongBodies += 1;
          return ok;
        },
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const failed = result.non2xx + result.errors + result.timeouts + wrongBodies;
        if (failed > 0) {
          return reject(
            new Error(
              `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${wrongBodies} bodies without ${marker}`,
            ),
          );
        }
        latencies.sort((a, b) => a - b);
        resolve({
          requestsPerSecond: result['2xx'] / result.duration,
          p50Ms: percentile(latencies, 0.5),
          p95Ms: percentile(latencies, 0.95),
          p99Ms: percentile(latencies, 0.99),
          requests: result['2xx'],
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(JSON.stringify(result, null, 2));
}
