// The pure part of the soak run (scripts/load/soak.ts): one row per minute, the targets checked against
// the rows, the printed table and the SVG chart. No I/O here, so the rules are unit-tested
// (soak-report.test.ts).
import type { ProbeLine } from './probe.ts';
import type { Check } from './report.ts';

/** One instance's probe line for a minute (scripts/load/probe.ts), without its time. */
export type InstanceMinute = Omit<ProbeLine, 'at'>;

export const TABLES = ['rate_limit', 'verification', 'session'] as const;
export type TableName = (typeof TABLES)[number];

export type SoakMinute = {
  /** 1 for the first minute of load. */
  minute: number;
  /** By instance name; null when its probe did not answer. */
  instances: Record<string, InstanceMinute | null>;
  /** Connections to the run's database (pg_stat_activity), the harness's own sampling one included. */
  pgConnections: number | null;
  /** count(*) at the end of the minute; null when the count failed. */
  rows: Record<TableName, number | null>;
  requests: number;
  /** Of the requests without a deliberate delay (all but the code send and check: see generator.ts). */
  p95: number;
  p99: number;
  /** p99 of all requests, the code send's 1 s floor included. */
  p99All: number;
  /** Failed requests, and sign-ins whose code e-mail never came. */
  errors: number;
  errorsBy: Record<string, number>;
  /** The load generator's own event-loop delay p99 in the minute (its lag is in every latency it measures). */
  generatorLoopP99Ms?: number;
  /**
   * CPU used in the minute, in % of one core: the machine, each process of the run, and the rest of the
   * machine (other work on it, which moves latency without being the product's doing). Null where unread.
   */
  cpu?: Record<string, number | null>;
};

/** Targets of issue 20 §3; not to be loosened to make a run pass. */
export const SOAK_TARGETS = {
  /** RSS and heap at the last minute at most this fraction above the reference minute. */
  memory: 0.1,
  /** p99 of the last minute at most this fraction above the reference minute's. */
  p99: 0.2,
  errors: 0,
};

/**
 * The minute the end is compared with: minute 5 (warmed up, past the ramp and the first cache fills), or
 * for runs shorter than 10 minutes the middle one (minute 3 of 6), so a short run still compares a
 * warmed-up minute with a later one.
 */
export function referenceMinute(minutes: number): number {
  return Math.max(1, Math.min(5, Math.ceil(minutes / 2)));
}

/**
 * The minutes a table's growth is judged on: the last 10, or the second half of a shorter run (the first
 * minutes fill the tables from empty: users sign in for the first time, codes and windows appear).
 */
export function growthWindow(minutes: number): number {
  return Math.max(2, Math.min(10, Math.floor(minutes / 2)));
}

/** Least-squares slope of `values` against their index (per step); 0 for fewer than two values. */
export function slope(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

/** Growth over the window that still counts as flat: a few rows in flight, or 5 % of the level. */
export function flatTolerance(values: number[]): number {
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  return Math.max(10, 0.05 * mean);
}

const pct = (value: number, reference: number) =>
  reference === 0 ? (value === 0 ? 0 : Infinity) : (value - reference) / reference;
const signed = (fraction: number) =>
  Number.isFinite(fraction) ? `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %` : 'n/a';

/**
 * The soak's verdicts: memory and p99 of the last minute against the reference minute, one-sided (only growth
 * past the limit misses: memory or latency that fell is fine),
 * each table flat over the growth window (fitted growth over the window at most `flatTolerance`; a table
 * that shrinks passes), and no error at all.
 */
export function soakChecks(rows: SoakMinute[], instanceNames: string[]): Check[] {
  const checks: Check[] = [];
  const last = rows.at(-1);
  if (!last) return [{ name: 'soak: at least one minute measured', pass: false, detail: 'no minute' }];
  const refMinute = referenceMinute(rows.length);
  const ref = rows[refMinute - 1] as SoakMinute;
  const vs = `minute ${last.minute} vs minute ${ref.minute}`;

  for (const name of instanceNames) {
    for (const [metric, label] of [
      ['rssMb', 'RSS'],
      ['heapUsedMb', 'heap used (after a full GC)'],
    ] as const) {
      const check = `instance ${name}: ${label} grew at most ${SOAK_TARGETS.memory * 100} % (${vs})`;
      const at = ref.instances[name]?.[metric];
      const end = last.instances[name]?.[metric];
      if (at === undefined || end === undefined) {
        checks.push({ name: check, pass: false, detail: 'no sample from the instance' });
        continue;
      }
      const change = pct(end, at);
      checks.push({
        name: check,
        pass: change <= SOAK_TARGETS.memory,
        detail: `${at} MB → ${end} MB (${signed(change)})`,
      });
    }
  }

  const p99Change = pct(last.p99, ref.p99);
  checks.push({
    name: `p99 latency (requests without a floor) grew at most ${SOAK_TARGETS.p99 * 100} % (${vs})`,
    pass: p99Change <= SOAK_TARGETS.p99,
    detail: `${ref.p99} ms → ${last.p99} ms (${signed(p99Change)})`,
  });

  const window = growthWindow(rows.length);
  for (const table of TABLES) {
    const check = `${table}: no growth over the last ${window} minutes (fitted growth ≤ max(10 rows, 5 %))`;
    const values = rows
      .slice(-window)
      .map((r) => r.rows[table])
      .filter((v): v is number => v !== null);
    if (values.length < 2) {
      checks.push({ name: check, pass: false, detail: 'fewer than two counts in the window' });
      continue;
    }
    const perMinute = slope(values);
    const growth = perMinute * (values.length - 1);
    const tolerance = flatTolerance(values);
    checks.push({
      name: check,
      pass: growth <= tolerance,
      detail:
        `${values[0]} → ${values.at(-1)} rows; fitted ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(1)} rows/min, ` +
        `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} over the window (tolerance ${tolerance.toFixed(0)})`,
    });
  }

  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  const errorsBy: Record<string, number> = {};
  for (const row of rows)
    for (const [key, count] of Object.entries(row.errorsBy)) errorsBy[key] = (errorsBy[key] ?? 0) + count;
  checks.push({
    name: 'no errors',
    pass: errors <= SOAK_TARGETS.errors,
    detail: errors
      ? Object.entries(errorsBy)
          .map(([key, count]) => `${key}×${count}`)
          .join(', ')
      : `${rows.reduce((sum, r) => sum + r.requests, 0)} requests, none failed`,
  });
  return checks;
}

// --- The table ------------------------------------------------------------------------------------------

const cell = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined ? '–' : value.toFixed(digits);

/** One line per minute: memory and event-loop delay per instance, database, cache and latency. */
export function soakTable(rows: SoakMinute[], instanceNames: string[]): string {
  const header = [
    'min',
    ...instanceNames.flatMap((n) => [`${n} rss`, `${n} heap`, `${n} loop p99`]),
    'pg conn',
    ...TABLES,
    'page cache',
    'cpu %',
    'others %',
    'gen loop p99',
    'req',
    'p95 ms',
    'p99 ms',
    'errors',
  ];
  const body = rows.map((r) => soakRow(r, instanceNames));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The cells of one minute (also printed alone while the run goes on). */
export function soakRow(r: SoakMinute, instanceNames: string[]): string[] {
  return [
    String(r.minute),
    ...instanceNames.flatMap((n) => [
      cell(r.instances[n]?.rssMb),
      cell(r.instances[n]?.heapUsedMb),
      cell(r.instances[n]?.eventLoopP99Ms, 1),
    ]),
    cell(r.pgConnections),
    ...TABLES.map((t) => cell(r.rows[t])),
    instanceNames.map((n) => cell(r.instances[n]?.pageCacheEntries)).join('/'),
    cell(r.cpu?.machine),
    cell(r.cpu?.['rest of the machine']),
    cell(r.generatorLoopP99Ms, 1),
    String(r.requests),
    cell(r.p95, 1),
    cell(r.p99, 1),
    String(r.errors),
  ];
}

/** The table as Markdown, for the README. */
export function soakMarkdown(rows: SoakMinute[], instanceNames: string[]): string {
  const text = soakTable(rows, instanceNames).split('\n');
  const cells = (lineText: string) => lineText.trim().split(/\s{2,}/);
  const header = cells(text[0] ?? '');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---:').join('|')}|`,
    ...text.slice(2).map((l) => `| ${cells(l).join(' | ')} |`),
  ].join('\n');
}

// --- The chart ------------------------------------------------------------------------------------------

export type Series = { label: string; color: string; dashed?: boolean; values: (number | null)[] };

/** Mid-tone colours and a grey that read on GitHub's light and dark backgrounds (the SVG has none). */
const INK = '#8b949e';
const COLORS = ['#4c8dff', '#f0883e', '#3fb950', '#db61a2'];

/** The series the chart draws: RSS and heap of each instance (left), p95 and p99 of all requests (right). */
export function chartSeries(
  rows: SoakMinute[],
  instanceNames: string[],
): { memory: Series[]; latency: Series[] } {
  const memory = instanceNames.flatMap((name, i) => [
    {
      label: `${name} RSS`,
      color: COLORS[i % COLORS.length] as string,
      values: rows.map((r) => r.instances[name]?.rssMb ?? null),
    },
    {
      label: `${name} heap`,
      color: COLORS[i % COLORS.length] as string,
      dashed: true,
      values: rows.map((r) => r.instances[name]?.heapUsedMb ?? null),
    },
  ]);
  const latency = [
    { label: 'p99 (no floor)', color: COLORS[3] as string, values: rows.map((r) => r.p99) },
    { label: 'p95 (no floor)', color: COLORS[2] as string, dashed: true, values: rows.map((r) => r.p95) },
  ];
  return { memory, latency };
}

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].find((m) => m * power >= max) ?? 10) * power;
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function panel(
  x0: number,
  title: string,
  unit: string,
  series: Series[],
  minutes: number,
  reference: number,
): string {
  const width = 300;
  const top = 34;
  const height = 150;
  const left = x0 + 40;
  const plotWidth = width - 50;
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null))));
  const x = (i: number) => left + (minutes > 1 ? (i / (minutes - 1)) * plotWidth : plotWidth / 2);
  const y = (v: number) => top + height - (v / max) * height;
  const out: string[] = [
    `<text x="${x0 + 4}" y="14" font-weight="600">${esc(title)}</text>`,
    `<text x="${left - 6}" y="${top + 4}" text-anchor="end">${max}</text>`,
    `<text x="${left - 6}" y="${top + height / 2 + 4}" text-anchor="end">${max / 2}</text>`,
    `<text x="${left - 6}" y="${top + height + 4}" text-anchor="end">0</text>`,
    `<text x="${left - 6}" y="${top - 10}" text-anchor="end">${esc(unit)}</text>`,
    `<line x1="${left}" y1="${top + height}" x2="${left + plotWidth}" y2="${top + height}" stroke="${INK}"/>`,
    `<line x1="${left}" y1="${top}" x2="${left + plotWidth}" y2="${top}" stroke="${INK}" stroke-opacity="0.3"/>`,
    `<line x1="${left}" y1="${top + height / 2}" x2="${left + plotWidth}" y2="${top + height / 2}" stroke="${INK}" stroke-opacity="0.3"/>`,
    `<line x1="${x(reference - 1)}" y1="${top}" x2="${x(reference - 1)}" y2="${top + height}" stroke="${INK}" stroke-dasharray="2 3"/>`,
    `<text x="${x(reference - 1)}" y="${top + height + 16}" text-anchor="middle">${reference}</text>`,
    `<text x="${left}" y="${top + height + 16}">1</text>`,
    `<text x="${left + plotWidth}" y="${top + height + 16}" text-anchor="end">${minutes} min</text>`,
  ];
  series.forEach((s, i) => {
    const points = s.values
      .map((v, m) => (v === null ? null : `${x(m).toFixed(1)},${y(v).toFixed(1)}`))
      .filter((p): p is string => p !== null);
    const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
    out.push(
      `<polyline data-series="${esc(s.label)}" fill="none" stroke="${s.color}" stroke-width="2"${dash} points="${points.join(' ')}"/>`,
    );
    const lx = left + (i % 2) * 120;
    const ly = top + height + 32 + Math.floor(i / 2) * 14;
    out.push(
      `<line x1="${lx}" y1="${ly - 4}" x2="${lx + 16}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"${dash}/>`,
      `<text x="${lx + 20}" y="${ly}">${esc(s.label)}</text>`,
    );
  });
  return out.join('\n  ');
}

/**
 * A small two-panel line chart (memory per instance, request latency) over the minutes of the run, with
 * the reference minute marked.
 */
export function soakSvg(rows: SoakMinute[], instanceNames: string[]): string {
  const { memory, latency } = chartSeries(rows, instanceNames);
  // The minute the targets compare the last one with: a dotted line.
  const reference = referenceMinute(rows.length);
  const legendRows = Math.ceil(Math.max(memory.length, latency.length) / 2);
  const height = 34 + 150 + 24 + legendRows * 14 + 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}" viewBox="0 0 640 ${height}" font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="11" fill="${INK}" role="img" aria-label="Soak run: memory per instance and request latency per minute">
  ${panel(0, 'Memory per instance (heap after a full GC)', 'MB', memory, rows.length, reference)}
  ${panel(330, 'Request latency (all but the code send and check)', 'ms', latency, rows.length, reference)}
</svg>
`;
}
