import '@tanstack/react-start/server-only';
import { and, asc, count, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
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

/**
 * Whether the trigram indexes can look `term` up: pg_trgm takes a LIKE pattern's trigrams from its words
 * (runs of letters and digits), so a term without three of them in a row has none, and a trigram index
 * could only be read whole.
 */
export function hasTrigram(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
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

/** Builds the subqueries a search's statements read from (run through the caller's executor). */
const subqueries = new QueryBuilder();

/** How many rows of the scope, in multiples of the count's limit, a search's count first looks among. */
const SEARCH_FIRST_COUNT = 10;

/**
 * How many rows of `table` match `where`, counting no further than `limit`: the scan stops at the
 * limit, so a filter matching a million rows costs what one matching a thousand does.
 *
 * `search`: the filter is a text search that an index (trigram) can answer, and `scope` the part of it an
 * index serves directly (one organization; none for the whole table). Under the LIMIT the planner, which
 * estimates a term's matches in the scope from the whole table, bets on meeting `limit` of them early in
 * a sequential or B-tree scan, and for a term rare or absent in the scope reads all of it: a sequential
 * scan took 66 ms for a rare term instead of 4 ms through the trigram indexes, and the organization's
 * `(organization_id, name)` index 70 ms for a term common only elsewhere
 * (docs/decisions/036-search-first-rows-then-matches.md). So a search counts in two steps: among any
 * `limit × SEARCH_FIRST_COUNT` rows of the scope (a common term reaches the limit there), and else through
 * bitmap scans only (a transaction with sequential, index and index-only scans off), which for a term
 * with a trigram means its trigram index.
 */
export async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  options: { search?: boolean; scope?: SQL | undefined } = {},
): Promise<number> {
  const countWith = async (executor: Pick<Database, 'select'>, from: PgTable = table) => {
    const matching = executor
      .select({ one: sql`1` })
      .from(from)
      .where(where)
      .limit(limit)
      .as('matching');
    const [row] = await executor.select({ total: count() }).from(matching);
    return row?.total ?? 0;
  };
  if (!options.search) return countWith(db);
  // The scope's first rows in no particular order, under the table's name (every column by its own name).
  const first = subqueries
    .select()
    .from(table)
    .where(options.scope)
    .limit(limit * SEARCH_FIRST_COUNT)
    .as(getTableName(table));
  const counted = await countWith(db, first as unknown as PgTable);
  if (counted >= limit) return counted;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`,
    );
    return countWith(tx);
  });
}

/** How many rows of the scope, in pages of the list, a search's page is first looked for among. */
const SEARCH_FIRST_PAGES = 50;

/**
 * Runs a list's select. Must select `cursorAt` (the given SQL: the sort value as text) next to the row's
 * own fields. `from`, for a search (see `searchRows`), replaces the list's table: a subquery standing in
 * for it under the table's own name, so the caller's columns refer to it.
 */
type FetchRows<Row> = (query: {
  from?: PgTable;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  cursorAt: SQL<string>;
}) => Promise<Row[]>;

/**
 * A search's page, found so that it never walks the whole scope. The planner estimates a term's matches
 * in the scope from the whole table, so for a term common in other organizations but rare or absent in
 * this one it walked the organization's order index through every row, reading each from the table
 * (0.6–1 s for 100,000 rows; docs/decisions/036-search-first-rows-then-matches.md). Instead, two tries,
 * each one statement whose `from` is a subquery under the table's name (it selects every column of the
 * table by its own name; the outer query still applies the whole filter):
 *
 * 1. The first `limit × SEARCH_FIRST_PAGES` rows of the scope in list order from the cursor on: when a
 *    page and one more of them match, those are the list's next rows. A term common in the scope is found
 *    here, reading no more rows than that.
 * 2. Otherwise the term is rare at the top of the list, so every match, looked up through the trigram
 *    index, then sorted. `offset 0` keeps that subquery from being merged into the outer query (a planner
 *    fence): Postgres plans it for all its rows, so under the outer LIMIT it cannot walk the order index.
 */
async function searchRows<Row>(
  search: { table: PgTable; scope: SQL | undefined },
  query: Parameters<FetchRows<Row>>[0] & { position: SQL | undefined; fetchRows: FetchRows<Row> },
): Promise<Row[]> {
  const { fetchRows, position, ...rows } = query;
  const name = getTableName(search.table);
  const first = subqueries
    .select()
    .from(search.table)
    .where(and(search.scope, position))
    .orderBy(...rows.orderBy)
    .limit(rows.limit * SEARCH_FIRST_PAGES)
    .as(name);
  const found = await fetchRows({ ...rows, from: first as unknown as PgTable });
  if (found.length === rows.limit) return found;
  // drizzle leaves a numeric `offset 0` out, so it is written as SQL.
  const fence = sql`0` as unknown as number;
  const matches = subqueries.select().from(search.table).where(rows.where).offset(fence).as(name);
  return fetchRows({ ...rows, from: matches as unknown as PgTable });
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
  fetchRows: FetchRows<Row>;
  countRows: (where: SQL | undefined, limit: number) => Promise<number>;
  /** How far to count before saying "cap+" (a text search counts less far: `searchTotalCap`). */
  totalCap?: number;
  /**
   * A text search: `filter` holds the term's condition, `scope` the rest of it that an index on `table`
   * serves in list order (one organization; none for the whole table). See `searchRows`.
   */
  search?: { table: PgTable; term: string; scope: SQL | undefined };
}): Promise<ListPage<Omit<Row, 'cursorAt'>>> {
  const cap = options.totalCap ?? appConfig.pagination.totalCap;
  const { filter, cursor, limit } = options;
  const key = normalise(options.sortKey);
  const direction = options.direction ?? 'desc';
  const after = cursor ? decodeCursor(cursor, key.kind, key.id) : undefined;
  const order = direction === 'desc' ? desc : asc;
  const position = after ? afterPosition(key, direction, after) : undefined;
  const orderBy = [order(key.column), order(key.id)];
  const query = {
    where: and(filter, position),
    orderBy,
    // One row more than asked tells whether another page exists without a second query.
    limit: limit + 1,
    // A timestamp as JSON's ISO 8601 text, whatever the server's DateStyle; text as it is.
    cursorAt:
      key.kind === 'timestamp' ? sql<string>`to_json(${key.column}) #>> '{}'` : sql<string>`${key.column}`,
  };
  const { search } = options;
  const [rows, counted] = await Promise.all([
    search && hasTrigram(search.term)
      ? searchRows(search, { ...query, position, fetchRows: options.fetchRows })
      : options.fetchRows(query),
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
