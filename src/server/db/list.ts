import '@tanstack/react-start/server-only';
import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { appConfig } from '~/app.config';
import type { Database } from './client';
import { AppError } from '@/lib/errors';
import type { ListPage } from '@/lib/list';

/**
 * A row's place in the list's order: its sort value as text (`cursorAt`) and its id. A timestamp travels as
 * Postgres prints it (microseconds kept; a JS Date would round them away and skip or repeat rows created in
 * the same millisecond).
 */
type Position = { cursorAt: string; id: string };

/**
 * What a list is ordered by; the id always breaks ties, so the key is unique. `{ createdAt, id }` is the
 * newest-first default; `{ column, kind, id }` orders by any NOT NULL column (a btree index on
 * `(column, id)` keeps every page as cheap as the first).
 */
export type SortKey =
  { createdAt: PgColumn; id: PgColumn } | { column: PgColumn; kind: 'timestamp' | 'text'; id: PgColumn };

export type SortDirection = 'asc' | 'desc';

function normalise(sortKey: SortKey): { column: PgColumn; kind: 'timestamp' | 'text'; id: PgColumn } {
  return 'createdAt' in sortKey ? { column: sortKey.createdAt, kind: 'timestamp', id: sortKey.id } : sortKey;
}

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.cursorAt, position.id])).toString('base64url');
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longer than any name or e-mail the product stores; a longer cursor was not made here. */
const TEXT_VALUE_MAX = 512;

/**
 * A time Postgres takes as a timestamptz: the shape alone lets "2026-02-31" or "25:00" through, which
 * Postgres refuses with an error (a 500) instead of the 400 a forged cursor gets.
 */
function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text)
    ?.slice(1)
    .map((part) => Number(part ?? 0));
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] =
    parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/**
 * Refuses a cursor this server did not make: a page must never silently restart from the top. What it
 * holds goes into the query as parameters, so it must be something Postgres takes: no NUL, and a UUID
 * where the id column is one.
 */
function decodeCursor(cursor: string, kind: 'timestamp' | 'text', idColumn: PgColumn): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      (kind === 'timestamp'
        ? isTimestamp(value[0])
        : value[0].length <= TEXT_VALUE_MAX && !value[0].includes('\u0000')) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64 &&
      !value[1].includes('\u0000') &&
      (idColumn.columnType !== 'PgUUID' || UUID.test(value[1]))
    ) {
      return { cursorAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('BAD_REQUEST', 'cursor');
}

/** `%`, `_` and `\` match themselves: a search for "50%" finds names containing "50%". */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Rows strictly after `after` in the given order; the row comparison walks the `(column, id)` index. */
function afterPosition(
  key: { column: PgColumn; kind: 'timestamp' | 'text'; id: PgColumn },
  direction: SortDirection,
  after: Position,
): SQL {
  const value = key.kind === 'timestamp' ? sql`${after.cursorAt}::timestamptz` : sql`${after.cursorAt}::text`;
  return direction === 'desc'
    ? sql`(${key.column}, ${key.id}) < (${value}, ${after.id})`
    : sql`(${key.column}, ${key.id}) > (${value}, ${after.id})`;
}

/**
 * How many rows of `table` match `where`, counting no further than `limit`: the scan stops at the
 * limit, so a filter matching a million rows costs what one matching a thousand does.
 *
 * `search`: the filter is a text search that an index (trigram) can answer. With a LIMIT the planner
 * bets on a sequential scan meeting `limit` matches early, and loses badly for a rare term, many times
 * slower than the trigram indexes (docs/performance.md#lists-at-scale). The count then runs in a
 * transaction that makes sequential scans a last resort (`enable_seqscan = off` only raises their cost; a
 * filter no index serves still scans).
 */
export async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  options: { search?: boolean } = {},
): Promise<number> {
  const countWith = async (executor: Pick<Database, 'select'>) => {
    const matching = executor
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(limit)
      .as('matching');
    const [row] = await executor.select({ total: count() }).from(matching);
    return row?.total ?? 0;
  };
  if (!options.search) return countWith(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return countWith(tx);
  });
}

/**
 * One page of a list by keyset pagination on `(sort column, id)` — a unique key — in either direction,
 * so page 500 costs what page 1 costs (OFFSET would scan every skipped row). Newest first unless told
 * otherwise. `fetchRows` runs the select with the given filter, order and limit; `countRows` counts the
 * rows matching `filter` for "Showing n of total", at most `limit` of them (see `countUpTo`): past
 * `totalCap` (by default `appConfig.pagination.totalCap`) the total is capped. Both run at once.
 */
export async function keysetPage<Row extends Position>(options: {
  sortKey: SortKey;
  direction?: SortDirection;
  filter: SQL | undefined;
  cursor: string | undefined;
  limit: number;
  /** Must select `cursorAt` (the given SQL: the sort value as text) next to the row's own fields. */
  fetchRows: (query: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    cursorAt: SQL<string>;
  }) => Promise<Row[]>;
  countRows: (where: SQL | undefined, limit: number) => Promise<number>;
  /** How far to count before saying "cap+" (a text search counts less far: `searchTotalCap`). */
  totalCap?: number;
}): Promise<ListPage<Omit<Row, 'cursorAt'>>> {
  const cap = options.totalCap ?? appConfig.pagination.totalCap;
  const { filter, cursor, limit } = options;
  const key = normalise(options.sortKey);
  const direction = options.direction ?? 'desc';
  const after = cursor ? decodeCursor(cursor, key.kind, key.id) : undefined;
  const order = direction === 'desc' ? desc : asc;
  const [rows, counted] = await Promise.all([
    options.fetchRows({
      where: and(filter, after ? afterPosition(key, direction, after) : undefined),
      orderBy: [order(key.column), order(key.id)],
      // One row more than asked tells whether another page exists without a second query.
      limit: limit + 1,
      // A timestamp as JSON's ISO 8601 text, whatever the server's DateStyle; text as it is.
      cursorAt:
        key.kind === 'timestamp' ? sql<string>`to_json(${key.column}) #>> '{}'` : sql<string>`${key.column}`,
    }),
    // One more than the cap tells whether more rows match than the list will say.
    options.countRows(filter, cap + 1),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = page.map(({ cursorAt: _cursorAt, ...item }) => item);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    total: Math.min(counted, cap),
    totalCapped: counted > cap,
  };
}
