// A benchmark's HTTP client for server functions: one keep-alive connection, requests one after another,
// each timed from the request to the last byte of the answer, which is decoded and checked (an error
// answered fast is not a fast answer).
import { Agent, request } from 'node:http';
import { fromCrossJSON, toJSON } from 'seroval';
import { serverFnId } from '../scripts/server-fn-id.ts';
import type { ListPage } from '../src/lib/list.ts';

/** The server's own account of a request (its Server-Timing header): total and database time, ms. */
export type ServerTiming = { totalMs: number; dbMs: number; queries: number };

export type Timed<T> = { ms: number; result: T; server?: ServerTiming };

export type ServerFnClient = {
  /** Calls a GET server function of `src/features/<feature>/functions.ts` with `data`, as the app does. */
  get: <T>(feature: string, exportName: string, data: unknown) => Promise<Timed<T>>;
  /** A plain GET (e.g. `/api/auth/get-session`); its status must be 200. */
  raw: (path: string, extraHeaders?: Record<string, string>) => Promise<Timed<string>>;
  close: () => void;
};

/** Start may answer an error with HTTP 200 and a serialised error whose message is the app's code. */
const SERIALISED_ERROR = /"k":\["error"\].*?"message":\{"t":1,"s":"([^"]*)"\}/;

export function serverFnClient(origin: string, cookie: string): ServerFnClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(origin);
  const headers = { cookie, origin, 'x-tsr-serverFn': 'true', accept: 'application/json' };

  function fetchText(
    path: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ ms: number; status: number; body: string; server?: ServerTiming }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const all = { ...headers, ...extraHeaders };
      const req = request({ agent, hostname, port, path, method: 'GET', headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            server: parseServerTiming(res.headers['server-timing']),
          }),
        );
        res.once('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`${path}: no answer in 10 s`)));
      req.once('error', reject);
      req.end();
    });
  }

  return {
    async get<T>(feature: string, exportName: string, data: unknown) {
      const id = serverFnId(`src/features/${feature}/functions.ts`, exportName);
      const payload = encodeURIComponent(JSON.stringify(toJSON({ data })));
      const { ms, status, body, server } = await fetchText(`/_serverFn/${id}?payload=${payload}`);
      const code = SERIALISED_ERROR.exec(body)?.[1];
      if (status !== 200 || code !== undefined) {
        throw new Error(`${exportName}: HTTP ${status} ${code ?? body.slice(0, 200)}`);
      }
      const decoded = fromCrossJSON(JSON.parse(body) as Parameters<typeof fromCrossJSON>[0], {
        refs: new Map(),
      }) as { result: T };
      return { ms, result: decoded.result, server };
    },
    async raw(path: string, extraHeaders?: Record<string, string>) {
      const { ms, status, body, server } = await fetchText(path, extraHeaders);
      if (status !== 200) throw new Error(`${path}: HTTP ${status} ${body.slice(0, 200)}`);
      return { ms, result: body, server };
    },
    close: () => agent.destroy(),
  };
}

/** `db;dur=0.4;desc="2 queries", total;dur=1.9` as the product's request middleware writes it. */
function parseServerTiming(header: string | string[] | undefined): ServerTiming | undefined {
  const text = Array.isArray(header) ? header.join(', ') : header;
  const total = text && /total;dur=([\d.]+)/.exec(text)?.[1];
  if (!text || !total) return undefined;
  return {
    totalMs: Number(total),
    dbMs: Number(/db;dur=([\d.]+)/.exec(text)?.[1] ?? NaN),
    queries: Number(/desc="(\d+) quer/.exec(text)?.[1] ?? NaN),
  };
}

export type Summary = { p50Ms: number; p95Ms: number; meanMs: number; samples: number };

/** p50/p95/mean of durations in ms, rounded to 0.01 ms. */
export function summarise(durations: number[]): Summary {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return {
    p50Ms: round(at(0.5), 2),
    p95Ms: round(at(0.95), 2),
    meanMs: round(mean, 2),
    samples: sorted.length,
  };
}

/**
 * Rounds of calls: each round runs every measure once, one after another (in the order given), so a
 * machine whose load changes during the run weighs on every measure alike. `warmup` rounds are
 * discarded; each measure's answers of the `samples` rounds after them are returned.
 */
export async function timeRounds<M extends Record<string, { ms: number }>>(
  measures: { [K in keyof M]: () => Promise<M[K]> },
  warmup: number,
  samples: number,
): Promise<{ [K in keyof M]: M[K][] }> {
  const names = Object.keys(measures) as (keyof M)[];
  const timed = Object.fromEntries(names.map((name) => [name, []])) as unknown as {
    [K in keyof M]: M[K][];
  };
  for (let round = 0; round < warmup + samples; round++) {
    for (const name of names) {
      const answer = await measures[name]();
      if (round >= warmup) timed[name].push(answer);
    }
  }
  return timed;
}

export function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

export type AnyListPage = ListPage<{ id: string }>;
