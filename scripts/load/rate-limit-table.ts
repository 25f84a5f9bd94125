// The `rate_limit` table during a load run: sampled every few seconds, it must hold no window that ended
// longer ago than the instances' pruning interval allows, however many sign-ins and calls the run makes.
import postgres from 'postgres';
import type { Check } from './report.ts';

export type TableSample = {
  /** Epoch ms. */
  at: number;
  rows: number;
  /** Windows that have ended and are not deleted yet. */
  ended: number;
  /** Windows that ended more than two pruning intervals (and a margin) ago: pruning missed them. */
  stale: number;
  /** Rows deleted from the table since the run began (Postgres statistics, a second or so behind). */
  deleted: number;
};

const SAMPLE_EVERY_MS = 5_000;
/**
 * How often the instances prune at most: the job queue's `rate-limit-pruning` schedule runs every minute
 * (src/server/jobs/queues.ts), and its scheduler looks every 30 s.
 */
const PRUNE_EVERY_S = 90;

/** Samples the table until `stop`, which answers every sample taken (failed samples are skipped). */
export function watchRateLimitTable(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const samples: TableSample[] = [];
  const staleAfterMs = 2 * PRUNE_EVERY_S * 1000 + SAMPLE_EVERY_MS;
  let deletedAtStart: number | undefined;
  const take = async () => {
    const now = Date.now();
    const [row] = await sql<{ rows: number; ended: number; stale: number; deleted: number }[]>`
      select count(*)::int as rows,
        (count(*) filter (where expires_at <= ${now}))::int as ended,
        (count(*) filter (where expires_at <= ${now - staleAfterMs}))::int as stale,
        (select coalesce(n_tup_del, 0)::int from pg_stat_user_tables where relname = 'rate_limit') as deleted
      from rate_limit`;
    if (!row) return;
    deletedAtStart ??= row.deleted;
    samples.push({ at: now, ...row, deleted: row.deleted - deletedAtStart });
  };
  // The Postgres restart of the fault phase fails a sample or two: those are simply missing.
  const timer = setInterval(() => void take().catch(() => {}), SAMPLE_EVERY_MS);
  void take().catch(() => {});
  return {
    stop: async (): Promise<TableSample[]> => {
      clearInterval(timer);
      await take().catch(() => {});
      await sql.end({ timeout: 5 });
      return samples;
    },
  };
}

/**
 * Passes when no sample holds a window ended longer than two pruning intervals ago, and (once the run is
 * long enough for the shortest windows, a minute, to end and be pruned) when pruning did delete rows.
 */
export function rateLimitTableCheck(samples: TableSample[], redis: boolean): Check {
  const name = `rate_limit: ended windows are deleted within two pruning intervals (${PRUNE_EVERY_S} s)`;
  if (redis)
    return { name, pass: true, detail: 'counters in Redis (keys expire by themselves): table unused' };
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last) return { name, pass: false, detail: 'no sample of the table could be taken' };
  const peak = samples.reduce((a, b) => (b.rows > a.rows ? b : a));
  const stale = Math.max(...samples.map((s) => s.stale));
  const mustHavePruned = last.at - first.at > (60 + 2 * PRUNE_EVERY_S) * 1000;
  return {
    name,
    pass: stale === 0 && (!mustHavePruned || last.deleted > 0),
    detail:
      `${samples.length} samples over ${Math.round((last.at - first.at) / 1000)} s: peak ${peak.rows} rows ` +
      `(${peak.ended} ended), ${last.rows} at the end (${last.ended} ended); most ended past the interval ` +
      `in one sample: ${stale}; ${last.deleted} deleted by pruning`,
  };
}
