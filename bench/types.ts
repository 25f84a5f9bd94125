// What every benchmark section returns to `pnpm bench` (bench/run.ts), which prints one table and writes
// bench/results/<date>.json. A row is one figure; `baseline` and `ratio` when it is measured side by side
// with a floor run in the same session; `target` and `pass` when the issue sets a target for it.
export type BenchRow = {
  metric: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  /** Human-readable target, e.g. "≤ 1.6 × baseline" or "≥ 95". */
  target?: string;
  pass?: boolean;
};

export type SectionResult = {
  section: string;
  rows: BenchRow[];
  /** Anything worth keeping in the JSON (plans, per-route breakdowns, raw samples' summary). */
  details?: unknown;
};

/** A section: measures, cleans up after itself (servers, databases), never runs longer than its bound. */
export type Section = () => Promise<SectionResult>;
