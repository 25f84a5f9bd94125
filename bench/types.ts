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

/** Teardown steps a section pushes as it starts things; run last-first whatever happens. */
export type Cleanups = (() => Promise<unknown>)[];

/**
 * A section from its `run`: fails with "<name> section over <boundMs> ms" once the bound passes, and
 * always runs the cleanups `run` pushed (servers, databases, browsers), last first, failures ignored.
 */
export function boundedSection(
  name: string,
  boundMs: number,
  run: (cleanups: Cleanups) => Promise<SectionResult>,
): Section {
  return async () => {
    const cleanups: Cleanups = [];
    let timer: NodeJS.Timeout | undefined;
    const watchdog = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} section over ${boundMs} ms`)), boundMs);
    });
    const running = run(cleanups);
    // When the watchdog wins, the run fails later on its own (what it used is gone by then): not news.
    running.catch(() => {});
    try {
      return await Promise.race([running, watchdog]);
    } finally {
      clearTimeout(timer);
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    }
  };
}
