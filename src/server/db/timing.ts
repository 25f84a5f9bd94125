import '@tanstack/react-start/server-only';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { recordDatabaseTime } from '../http/request-context.ts';
import { activeTracing } from '../tracing/active.ts';

/** Marks the wrapped method, so a second copy of this module in the bundle does not wrap it twice. */
const TIMED = Symbol.for('starter.queryTiming');

type Timed = {
  queryWithCache: (this: unknown, ...args: unknown[]) => Promise<unknown>;
  [TIMED]?: true;
};

/**
 * Adds each query's database time to the current request's total (the `db` entry of Server-Timing).
 * Drizzle has no query-finished hook; every driver's prepared query awaits the database through
 * `queryWithCache`, so wrapping that one method times both postgres.js and PGlite, transactions included.
 * A test (request-timing) fails if an upgrade renames it. With tracing on, each statement is a span too
 * (its text with `$n` placeholders, the first argument, never the values), a child of the current one.
 */
export function installQueryTiming(): void {
  const prototype = PgPreparedQuery.prototype as unknown as Timed;
  if (prototype[TIMED] || typeof prototype.queryWithCache !== 'function') return;
  prototype[TIMED] = true;
  const original = prototype.queryWithCache;
  prototype.queryWithCache = async function timedQuery(...args) {
    const started = performance.now();
    try {
      const tracing = activeTracing();
      if (tracing && typeof args[0] === 'string') {
        return await tracing.statement(args[0], () => original.apply(this, args));
      }
      return await original.apply(this, args);
    } finally {
      recordDatabaseTime(performance.now() - started);
    }
  };
}
