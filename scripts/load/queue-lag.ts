// The job queue during a load run: per queue, the jobs created since the run began, how long they waited
// between being created (or due, for a retry) and being started, and how many failed for good.
import postgres from 'postgres';

export type QueueLag = {
  queue: string;
  jobs: number;
  started: number;
  failed: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
};

export async function queueLag(databaseUrl: string, sinceMs: number): Promise<QueueLag[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const rows = await sql<QueueLag[]>`
      with lag as (
        select name, state, extract(epoch from started_on - greatest(created_on, start_after)) * 1000 as ms
        from pgboss.job
        where created_on >= to_timestamp(${sinceMs / 1000}) and name not like '\\_\\_pgboss%'
      )
      select name as queue, count(*)::int as jobs, count(ms)::int as started,
        (count(*) filter (where state = 'failed'))::int as failed,
        round(percentile_cont(0.5) within group (order by ms))::int as "p50Ms",
        round(percentile_cont(0.95) within group (order by ms))::int as "p95Ms",
        round(max(ms))::int as "maxMs"
      from lag group by name order by name`;
    return [...rows];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function formatQueueLag(lags: QueueLag[]): string {
  if (lags.length === 0) return 'job queue: no job created during the run';
  return lags
    .map(
      (lag) =>
        `job queue ${lag.queue}: ${lag.jobs} jobs (${lag.started} started, ${lag.failed} failed), ` +
        `lag created → started p50 ${lag.p50Ms ?? '–'} ms, p95 ${lag.p95Ms ?? '–'} ms, max ${lag.maxMs ?? '–'} ms`,
    )
    .join('\n');
}
