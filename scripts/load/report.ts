// Figures and verdicts of a load run: latency percentiles from every sample (none dropped), error counts,
// the printed table and the list of checks.
import type { Kind, Sample } from './client.ts';

export type Stats = {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** Failed requests by status (and application code) or by network error. */
  errorsBy: Record<string, number>;
};

export type Check = { name: string; pass: boolean; detail: string };

export const KINDS: Kind[] = ['signIn', 'read', 'write'];

export function isOk(sample: Sample): boolean {
  return sample.status >= 200 && sample.status < 300 && !sample.code && !sample.error;
}

/** `503 SERVICE_UNAVAILABLE`, `500`, `timeout`…: how a failed request ended. */
export function failureKey(sample: Sample): string {
  if (sample.retried) return 'refused→retried';
  if (sample.error) return sample.error;
  return sample.code ? `${sample.status} ${sample.code}` : String(sample.status);
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

export function summarize(samples: Sample[], durationS: number): Stats {
  const errorsBy: Record<string, number> = {};
  for (const sample of samples) {
    if (isOk(sample)) continue;
    const key = failureKey(sample);
    errorsBy[key] = (errorsBy[key] ?? 0) + 1;
  }
  return statsOf(
    samples.map((s) => s.ms),
    errorsBy,
    durationS,
  );
}

/** The figures of `ms` (every request's time, in any order) and its failures by `failureKey`. */
function statsOf(ms: number[], errorsBy: Record<string, number>, durationS: number): Stats {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests: sorted.length,
    perSecond: round(sorted.length / durationS),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    errors: Object.values(errorsBy).reduce((a, b) => a + b, 0),
    errorsBy,
  };
}

/** Stats per kind and for all requests of a phase, and per operation. */
export function phaseStats(samples: Sample[], durationS: number) {
  return new PhaseTotals().add(samples).stats(durationS);
}

/**
 * `phaseStats` folded in as the samples come, keeping of each request only its time (a number in its
 * operation's list) and of each failure a count: the soak's generator folds every minute's samples in and
 * drops them, so its heap (whose collection pauses it would measure as request latency) does not grow with
 * the number of requests.
 */
export class PhaseTotals {
  private readonly groups = new Map<
    string,
    { kind: Kind; op: string; ms: number[]; errorsBy: Record<string, number> }
  >();

  add(samples: Sample[]): this {
    for (const sample of samples) {
      const id = `${sample.kind}\0${sample.op}`;
      let group = this.groups.get(id);
      if (!group) {
        group = { kind: sample.kind, op: sample.op, ms: [], errorsBy: {} };
        this.groups.set(id, group);
      }
      group.ms.push(sample.ms);
      if (!isOk(sample)) {
        const key = failureKey(sample);
        group.errorsBy[key] = (group.errorsBy[key] ?? 0) + 1;
      }
    }
    return this;
  }

  stats(durationS: number): { byKind: Record<string, Stats>; byOp: Record<string, Stats> } {
    const groups = [...this.groups.values()];
    const merged = (of: typeof groups) => {
      const errorsBy: Record<string, number> = {};
      for (const group of of)
        for (const [key, n] of Object.entries(group.errorsBy)) errorsBy[key] = (errorsBy[key] ?? 0) + n;
      return statsOf(
        of.flatMap((group) => group.ms),
        errorsBy,
        durationS,
      );
    };
    const byKind: Record<string, Stats> = {};
    for (const kind of KINDS) byKind[kind] = merged(groups.filter((group) => group.kind === kind));
    byKind.all = merged(groups);
    const byOp: Record<string, Stats> = {};
    for (const op of new Set(groups.map((group) => group.op)))
      byOp[op] = merged(groups.filter((group) => group.op === op));
    return { byKind, byOp };
  }
}

/** p95 of reads per `bucketMs` of the phase, in ms: shows whether slowness is the ramp or throughout. */
export function readTimeline(samples: Sample[], bucketMs: number): number[] {
  const buckets: number[][] = [];
  for (const sample of samples) {
    if (sample.kind !== 'read') continue;
    (buckets[Math.floor(sample.at / bucketMs)] ??= []).push(sample.ms);
  }
  return Array.from(buckets, (bucket) =>
    Math.round(
      percentile(
        (bucket ?? []).sort((a, b) => a - b),
        95,
      ),
    ),
  );
}

export function table(rows: { phase: string; kind: string; stats: Stats }[]): string {
  const header = ['phase', 'kind', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'];
  const body = rows.map(({ phase, kind, stats }) => [
    phase,
    kind,
    String(stats.requests),
    stats.perSecond.toFixed(1),
    stats.p50.toFixed(1),
    stats.p95.toFixed(1),
    stats.p99.toFixed(1),
    stats.max.toFixed(1),
    stats.errors
      ? Object.entries(stats.errorsBy)
          .map(([key, count]) => `${key}×${count}`)
          .join(', ')
      : '0',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 || i === 8 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export function formatChecks(checks: Check[]): string {
  return checks
    .map((c) => `${c.pass ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? ` — ${c.detail}` : ''}`)
    .join('\n');
}
