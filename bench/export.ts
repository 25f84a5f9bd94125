// Section "export" of `pnpm bench`: the streamed CSV export of a million rows. A throwaway Postgres
// database with `pnpm db:seed`'s data plus ROWS users added in SQL, the production build on it, the seeded
// admin signed in; then GET /api/export/users (the whole list, newest first) read to the end by one client,
// while the server's resident memory (RSS, from /proc) is sampled every SAMPLE_MS. Reported: the time, rows
// per second, and the server's RSS growth (peak during the export − RSS just before it, after a warm-up
// export of a small view), and the growth over the second half of the rows, which stays near zero if the
// export streams and would be half the file if it were built in memory. The rows are counted and checked
// against the table.
//
// Alone: `node bench/export.ts` prints the section as JSON (BENCH_EXPORT_ROWS changes the row count, for
// trying the section out; the target is for the default).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appConfig } from '../app.config.ts';
import { csvRecordCounter } from '../src/lib/csv.ts';
import { round } from './http.ts';
import { startSeededProduct } from './seeded-product.ts';
import { boundedSection, type BenchRow, type Cleanups, type SectionResult } from './types.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const SAMPLE_MS = 100;
// Seeding a million users (with their trigram indexes) and exporting them, on a machine shared with others.
const BOUND_MS = 1_200_000;
/**
 * A streamed export holds a batch of rows and a chunk of text whatever the count, so once the heap has
 * grown to its working size the second half of the rows adds next to nothing; a file built in memory
 * (110 MB of text for a million users) would add half its size there.
 */
const SECOND_HALF_TARGET_MB = 16;

export const measure = boundedSection('export', BOUND_MS, run);

/** The process's resident memory in MB (VmRSS), or NaN when it is gone. */
function rssMb(pid: number): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line?.[1] ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Reads an export to its end: rows (records less the header), bytes, and the time to the last byte;
 * `onRows` is told the rows so far after each chunk.
 */
async function download(url: string, cookie: string, onRows: (rows: number) => void = () => {}) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200 || !response.body) {
    throw new Error(`export: HTTP ${response.status} ${await response.text()}`);
  }
  const counter = csvRecordCounter();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let bytes = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.length;
    onRows(counter.add(decoder.decode(next.value, { stream: true })) - 1);
  }
  return { rows: counter.records - 1, bytes, ms: performance.now() - started };
}

async function run(cleanups: Cleanups): Promise<SectionResult> {
  const seeding = performance.now();
  const product = await startSeededProduct(cleanups);
  const sql = product.database.sql;
  await sql`
    insert into "user" (id, name, email, email_verified, role, onboarded_at, created_at, updated_at)
    select 'bench-export-' || i, 'Export ' || i || ' ' || (array['Amira', 'Bao', 'Chidi', 'نور', 'Zoë'])[1 + i % 5],
      'bench-export-' || i || '@example.com', true, 'user', now(),
      now() - i * interval '1 second', now()
    from generate_series(1, ${ROWS}) as i`;
  await sql`analyze "user"`;
  const seededSeconds = round((performance.now() - seeding) / 1000, 1);
  const [{ total } = { total: 0 }] = await sql<
    { total: number }[]
  >`select count(*)::int as total from "user"`;

  const cookie = await product.signIn(appConfig.seed.adminEmail);
  const origin = product.instance.origin;
  const pid = product.instance.process.pid;
  if (!pid) throw new Error('the server has no pid');
  // Warm-up: the route, the translations and the connection pool are loaded before "before" is read.
  await download(`${origin}/api/export/users?searchTerm=admin`, cookie);
  const before = rssMb(pid);
  // The peak so far, and the peak at each tenth of the rows: memory that grows with the rows keeps rising
  // to the end; a streamed export's levels off once the heap has room for a batch's garbage.
  let peak = before;
  const atTenths: number[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, SAMPLE_MS);
  let result;
  try {
    result = await download(`${origin}/api/export/users`, cookie, (rows) => {
      while (rows >= ((atTenths.length + 1) * total) / 10 && atTenths.length < 10) {
        peak = Math.max(peak, rssMb(pid));
        atTenths.push(round(peak, 1));
      }
    });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(pid));
  if (result.rows !== total) throw new Error(`exported ${result.rows} rows of ${total}`);

  const growth = round(peak - before, 1);
  const halfway = atTenths[4] ?? peak;
  const secondHalf = round(peak - halfway, 1);
  const seconds = round(result.ms / 1000, 1);
  const rows: BenchRow[] = [
    { metric: `export ${total} users as CSV, to the last byte`, value: seconds, unit: 's' },
    { metric: 'export rate', value: Math.round(total / (result.ms / 1000)), unit: 'rows/s' },
    { metric: 'server RSS growth during the export (peak − before)', value: growth, unit: 'MB' },
    {
      metric: 'server RSS growth over the second half of the rows (peak − peak at half)',
      value: secondHalf,
      unit: 'MB',
      target: `≤ ${SECOND_HALF_TARGET_MB} MB`,
      pass: secondHalf <= SECOND_HALF_TARGET_MB,
    },
  ];
  return {
    section: 'export',
    rows,
    details: {
      data: `pnpm db:seed + ${ROWS} users inserted in SQL (${seededSeconds} s with the server start)`,
      client: 'one fetch of GET /api/export/users (no view: every user, newest first), read to the end',
      bytes: result.bytes,
      rssMb: {
        before: round(before, 1),
        peak: round(peak, 1),
        peakAtEachTenth: atTenths,
        sampledEveryMs: SAMPLE_MS,
      },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.info(JSON.stringify(await measure(), null, 2));
}
