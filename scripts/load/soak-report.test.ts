import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  growthWindow,
  niceMax,
  referenceMinute,
  slope,
  type SoakMinute,
  soakChecks,
  soakMarkdown,
  soakSvg,
} from './soak-report.ts';

const NAMES = ['A', 'B'];

/** A run of `n` minutes: flat unless a field is given as a function of the minute. */
function run(
  n: number,
  vary: {
    rss?: (m: number) => number;
    heap?: (m: number) => number;
    p99?: (m: number) => number;
    session?: (m: number) => number;
    verification?: (m: number) => number;
    errors?: (m: number) => number;
  } = {},
): SoakMinute[] {
  return Array.from({ length: n }, (_, i) => {
    const m = i + 1;
    const instance = {
      rssMb: vary.rss?.(m) ?? 150,
      heapUsedMb: vary.heap?.(m) ?? 40,
      heapTotalMb: 60,
      externalMb: 5,
      arrayBuffersMb: 2,
      eventLoopP99Ms: 12,
      eventLoopMaxMs: 30,
      pageCacheEntries: 4,
    };
    const errors = vary.errors?.(m) ?? 0;
    return {
      minute: m,
      instances: { A: instance, B: { ...instance, rssMb: instance.rssMb + 10 } },
      pgConnections: 12,
      rows: { rate_limit: 0, verification: vary.verification?.(m) ?? 3, session: vary.session?.(m) ?? 101 },
      requests: 6000,
      p95: 80,
      p99: vary.p99?.(m) ?? 200,
      p99All: 1000,
      errors,
      errorsBy: (errors ? { '500': errors } : {}) as Record<string, number>,
      generatorLoopP99Ms: 11,
      cpu: { machine: 150, 'rest of the machine': 10 },
    };
  });
}

const failed = (rows: SoakMinute[]) =>
  soakChecks(rows, NAMES)
    .filter((c) => !c.pass)
    .map((c) => c.name);

describe('soak targets', () => {
  it('compares with minute 5, or the middle minute of a short run', () => {
    expect(referenceMinute(30)).toBe(5);
    expect(referenceMinute(10)).toBe(5);
    expect(referenceMinute(6)).toBe(3);
    expect(referenceMinute(1)).toBe(1);
    expect(growthWindow(30)).toBe(10);
    expect(growthWindow(6)).toBe(3);
    expect(growthWindow(2)).toBe(2);
  });

  it('passes a flat run', () => {
    expect(failed(run(30))).toEqual([]);
  });

  it('fits the slope of a series', () => {
    expect(slope([1, 2, 3, 4])).toBeCloseTo(1);
    expect(slope([5, 5, 5])).toBe(0);
    expect(slope([7])).toBe(0);
  });

  it('misses memory that grew more than 10 % from minute 5, not memory that fell', () => {
    expect(failed(run(30, { rss: (m) => (m === 30 ? 170 : 150) }))).toEqual([
      'instance A: RSS grew at most 10 % (minute 30 vs minute 5)',
      'instance B: RSS grew at most 10 % (minute 30 vs minute 5)',
    ]);
    expect(failed(run(30, { heap: (m) => (m === 30 ? 45 : 40) }))).toHaveLength(2);
    expect(failed(run(30, { heap: (m) => (m === 30 ? 30 : 40) }))).toEqual([]);
    // Early growth before the reference minute is warm-up, not a miss.
    expect(failed(run(30, { heap: (m) => (m < 5 ? 20 : 40) }))).toEqual([]);
  });

  it('misses a p99 of the last minute more than 20 % above minute 5, not one that fell', () => {
    expect(failed(run(30, { p99: (m) => (m === 30 ? 241 : 200) }))).toEqual([
      'p99 latency (requests without a floor) grew at most 20 % (minute 30 vs minute 5)',
    ]);
    expect(failed(run(30, { p99: (m) => (m === 30 ? 239 : 200) }))).toEqual([]);
    expect(failed(run(30, { p99: (m) => (m === 30 ? 100 : 200) }))).toEqual([]);
  });

  it('misses a table that keeps growing over the last 10 minutes, not one that filled and then held', () => {
    // One new session a minute per three users: grows without bound.
    const growing = failed(run(30, { session: (m) => 100 + 30 * m }));
    expect(growing).toEqual([
      'session: no growth over the last 10 minutes (fitted growth ≤ max(10 rows, 5 %))',
    ]);
    // Filled during the first minutes, then level with noise.
    expect(failed(run(30, { session: (m) => (m < 5 ? 20 * m : 101 + (m % 3)) }))).toEqual([]);
    // Shrinking is not growth.
    expect(failed(run(30, { verification: (m) => 60 - 2 * m }))).toEqual([]);
    // Slow growth within the tolerance (5 % of ~1000 rows over the window) passes; faster does not.
    expect(failed(run(30, { session: (m) => 1000 + 5 * m }))).toEqual([]);
    expect(failed(run(30, { session: (m) => 1000 + 7 * m }))).toHaveLength(1);
  });

  it('misses any error, naming them', () => {
    const checks = soakChecks(run(6, { errors: (m) => (m === 2 ? 3 : 0) }), NAMES).filter((c) => !c.pass);
    expect(checks).toEqual([{ name: 'no errors', pass: false, detail: '500×3' }]);
  });

  it('fails a minute without a sample of an instance instead of skipping it', () => {
    const rows = run(6);
    (rows[5] as SoakMinute).instances.B = null;
    expect(failed(rows)).toEqual([
      'instance B: RSS grew at most 10 % (minute 6 vs minute 3)',
      'instance B: heap used (after a full GC) grew at most 10 % (minute 6 vs minute 3)',
    ]);
  });
});

describe('soak chart and table', () => {
  it('draws RSS and heap of each instance and p95/p99, one point per minute', () => {
    const rows = run(6, { rss: (m) => 100 + m, p99: (m) => 200 + m });
    const { memory, latency } = chartSeries(rows, NAMES);
    expect(memory.map((s) => s.label)).toEqual(['A RSS', 'A heap', 'B RSS', 'B heap']);
    expect(memory[0]?.values).toEqual([101, 102, 103, 104, 105, 106]);
    expect(memory[2]?.values).toEqual([111, 112, 113, 114, 115, 116]);
    expect(latency.map((s) => s.label)).toEqual(['p99 (no floor)', 'p95 (no floor)']);
    expect(latency[0]?.values).toEqual([201, 202, 203, 204, 205, 206]);

    const svg = soakSvg(rows, NAMES);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const lines = [...svg.matchAll(/<polyline data-series="([^"]+)"[^>]* points="([^"]*)"/g)];
    expect(lines.map((l) => l[1])).toEqual([
      'A RSS',
      'A heap',
      'B RSS',
      'B heap',
      'p99 (no floor)',
      'p95 (no floor)',
    ]);
    for (const line of lines) expect(line[2]?.split(' ')).toHaveLength(6);
    // The highest RSS (116 MB) is under the axis maximum (200), drawn near the top of the 150 px plot.
    expect(svg).toContain('>200</text>');
    const firstY = Number(lines[2]?.[2]?.split(' ').at(-1)?.split(',')[1]);
    expect(firstY).toBeCloseTo(34 + 150 - (116 / 200) * 150, 0);
    // The reference minute (3 of 6) is marked.
    expect(svg).toContain('>3</text>');
    // No background: the page's own (light or dark) shows through.
    expect(svg).not.toContain('<rect');
  });

  it('leaves a gap where an instance gave no sample', () => {
    const rows = run(3);
    (rows[1] as SoakMinute).instances.A = null;
    const svg = soakSvg(rows, NAMES);
    const aRss = /data-series="A RSS"[^>]* points="([^"]*)"/.exec(svg)?.[1];
    expect(aRss?.split(' ')).toHaveLength(2);
  });

  it('rounds axis maxima up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(116)).toBe(200);
    expect(niceMax(450)).toBe(500);
    expect(niceMax(1000)).toBe(1000);
    expect(niceMax(0)).toBe(1);
  });

  it('writes the table as Markdown with one row per minute', () => {
    const md = soakMarkdown(run(3), NAMES).split('\n');
    expect(md).toHaveLength(5);
    expect(md[0]).toContain('| min | A rss | A heap | A loop p99 | B rss |');
    expect(md[2]).toBe(
      '| 1 | 150 | 40 | 12.0 | 160 | 40 | 12.0 | 12 | 0 | 3 | 101 | 4/4 | 150 | 10 | 11.0 | 6000 | 80.0 | 200.0 | 0 |',
    );
  });
});
