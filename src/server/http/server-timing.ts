import '@tanstack/react-start/server-only';
import type { RequestContext } from './request-context.ts';

/**
 * Whether answers show the database's time and query count (and the page cache's hit or miss) in
 * Server-Timing: the operator's `SERVER_TIMING_DETAIL` when set, else only outside production. One more
 * query for a registered address than for an unknown one told, in a single request, whether an account
 * exists (docs/decisions/020-answers-and-caching.md).
 */
export function showsTimingDetail(env: {
  NODE_ENV: string;
  SERVER_TIMING_DETAIL?: 'true' | 'false';
}): boolean {
  return env.SERVER_TIMING_DETAIL === undefined
    ? env.NODE_ENV !== 'production'
    : env.SERVER_TIMING_DETAIL === 'true';
}

/** The Server-Timing value: the whole handling's time, and the detail when `detail` is on. */
export function serverTiming(context: RequestContext, detail: boolean, now = performance.now()): string {
  const total = `total;dur=${(now - context.startedAt).toFixed(1)}`;
  if (!detail) return total;
  const cache = context.pageCache ? `page-cache;desc="${context.pageCache}", ` : '';
  return `${cache}db;dur=${context.dbMs.toFixed(1)};desc="${context.dbQueries} queries", ${total}`;
}
