import '@tanstack/react-start/server-only';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '@/lib/errors';
import type { ListPage } from '@/lib/list';

/**
 * A row's place in newest-first order: its creation time as Postgres prints it (microseconds kept; a JS
 * Date would round them away and skip or repeat rows created in the same millisecond) and its id.
 */
type Position = { cursorAt: string; id: string };

function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.cursorAt, position.id])).toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** Refuses a cursor this server did not make: a page must never silently restart from the top. */
function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      TIMESTAMP.test(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64
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
 * One page of a newest-first list by keyset pagination on `(createdAt, id)` — an indexed, unique sort key —
 * so page 500 costs what page 1 costs (OFFSET would scan every skipped row). `fetchRows` runs the select
 * with the given filter, order and limit; `countRows` counts every row matching `filter` for "Showing n of
 * total". Both run at once.
 */
export async function keysetPage<Row extends Position>(options: {
  sortKey: { createdAt: PgColumn; id: PgColumn };
  filter: SQL | undefined;
  cursor: string | undefined;
  limit: number;
  /** Must select `cursorAt` (the given SQL) next to the row's own fields. */
  fetchRows: (query: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    cursorAt: SQL<string>;
  }) => Promise<Row[]>;
  countRows: (where: SQL | undefined) => Promise<number>;
}): Promise<ListPage<Omit<Row, 'cursorAt'>>> {
  const { sortKey, filter, cursor, limit } = options;
  const after = cursor ? decodeCursor(cursor) : undefined;
  const afterCondition = after
    ? sql`(${sortKey.createdAt}, ${sortKey.id}) < (${after.cursorAt}::timestamptz, ${after.id})`
    : undefined;
  const [rows, total] = await Promise.all([
    options.fetchRows({
      where: and(filter, afterCondition),
      orderBy: [desc(sortKey.createdAt), desc(sortKey.id)],
      // One row more than asked tells whether another page exists without a second query.
      limit: limit + 1,
      // JSON's ISO 8601 text, whatever the server's DateStyle.
      cursorAt: sql<string>`to_json(${sortKey.createdAt}) #>> '{}'`,
    }),
    options.countRows(filter),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items = page.map(({ cursorAt: _cursorAt, ...item }) => item);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null, total };
}
