// The SQL the list data modules run (src/features/repository/data.server.ts, src/features/user/data.server.ts
// through src/server/db/list.ts), as drizzle prints it, for the benchmarks' raw-SQL floors and EXPLAIN.
// The sections check that it returns what the server function answered, so a drift shows up as a failure.
import type postgres from 'postgres';
import { appConfig } from '../app.config.ts';

const DESCRIPTION_EXCERPT_LENGTH = 160;
/**
 * How far `keysetPage` counts: a text search to `searchTotalCap`, the whole list to `totalCap`, one row
 * past the cap either way, to tell a capped total from an exact one.
 */
const capFor = (term: string) => (term ? appConfig.pagination.searchTotalCap : appConfig.pagination.totalCap);

/** `%`, `_` and `\` escaped as `containsPattern` does. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

export type Statement = { text: string; params: (string | number)[] };
/** `search`: the count runs with sequential scans as a last resort, as `countUpTo` runs a search's. */
export type ListStatements = { page: Statement; count: Statement; cap: number; search: boolean };

/** The repositories list's page query and count query for a term ('' for none), first page. */
export function repositoryListSql(term: string, limit: number): ListStatements {
  const pattern = containsPattern(term);
  const cap = capFor(term);
  const columns = `select "id", "name", "link", left("description", $1), to_json("created_at") #>> '{}' from "repository"`;
  const order = `order by "repository"."created_at" desc, "repository"."id" desc`;
  return term
    ? {
        page: {
          text: `${columns} where "repository"."name" ilike $2 ${order} limit $3`,
          params: [DESCRIPTION_EXCERPT_LENGTH, pattern, limit + 1],
        },
        count: {
          text: `select count(*) from (select 1 from "repository" where "repository"."name" ilike $1 limit $2) "matching"`,
          params: [pattern, cap + 1],
        },
        cap,
        search: true,
      }
    : {
        page: { text: `${columns} ${order} limit $2`, params: [DESCRIPTION_EXCERPT_LENGTH, limit + 1] },
        count: {
          text: `select count(*) from (select 1 from "repository" limit $1) "matching"`,
          params: [cap + 1],
        },
        cap,
        search: false,
      };
}

const bannedNow = `(coalesce("user"."banned", false) and ("user"."ban_expires" is null or "user"."ban_expires" > now()))`;

/** The users list's page query and count query for a term, default view (newest first), first page. */
export function userListSql(term: string, limit: number): ListStatements {
  const pattern = containsPattern(term);
  const cap = capFor(term);
  const where = `where ("user"."name" ilike $1 or "user"."email" ilike $2)`;
  return {
    page: {
      text:
        `select "id", "name", "email", "image", "role", case when ${bannedNow} then 'banned' when "onboarded_at" is null then 'notOnboarded' else 'active' end, ` +
        `case when ${bannedNow} then to_json("ban_expires") #>> '{}' end, to_json("created_at") #>> '{}', to_json("created_at") #>> '{}' ` +
        `from "user" ${where} order by "user"."created_at" desc, "user"."id" desc limit $3`,
      params: [pattern, pattern, limit + 1],
    },
    count: {
      text: `select count(*) from (select 1 from "user" ${where} limit $3) "matching"`,
      params: [pattern, pattern, cap + 1],
    },
    cap,
    search: Boolean(term),
  };
}

/**
 * The session check every private server function starts with: better-auth (database joins on) reads
 * the session by its token together with its user, in one statement.
 */
export function sessionLookupSql(token: string): Statement {
  const userColumns = [
    'id',
    'name',
    'email',
    'email_verified',
    'image',
    'created_at',
    'updated_at',
    'role',
    'banned',
    'ban_reason',
    'ban_expires',
    'onboarded_at',
  ]
    .map((column) => `"session_user"."${column}"`)
    .join(', ');
  return {
    text:
      `select "session"."id", "session"."expires_at", "session"."token", "session"."created_at", "session"."updated_at", ` +
      `"session"."ip_address", "session"."user_agent", "session"."user_id", "session"."impersonated_by", "session_user"."data" as "user" ` +
      `from "session" "session" left join lateral (select json_build_array(${userColumns}) as "data" ` +
      `from (select * from "user" "session_user" where "session_user"."id" = "session"."user_id" limit $1) "session_user") "session_user" on true ` +
      `where "session"."token" = $2 limit $3`,
    params: [1, token, 1],
  };
}

/**
 * Runs both statements at once, as `keysetPage` does, unprepared as drizzle's postgres.js driver sends
 * them (so each is planned for its own parameters, like the product's); the page's ids and the total as the list says it. */
export async function runList(
  sql: postgres.Sql,
  statements: ListStatements,
): Promise<{ ids: string[]; total: number; totalCapped: boolean }> {
  const [rows, counted] = await Promise.all([
    sql.unsafe(statements.page.text, statements.page.params, { prepare: false }),
    inPlanning(sql, statements.search, (tx) =>
      tx.unsafe(statements.count.text, statements.count.params, { prepare: false }),
    ),
  ]);
  const total = Number(counted[0]?.count ?? NaN);
  return {
    ids: rows.map((row) => String(row.id)),
    total: Math.min(total, statements.cap),
    totalCapped: total > statements.cap,
  };
}

/** Runs `work` as the product runs a search's count (a transaction with `enable_seqscan = off`), or as is. */
export async function inPlanning<T>(
  sql: postgres.Sql,
  search: boolean,
  work: (tx: postgres.Sql | postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  if (!search) return work(sql);
  const result = await sql.begin(async (tx) => {
    await tx.unsafe('set local enable_seqscan = off');
    return [await work(tx)];
  });
  // postgres.js types what begin() resolves to as an unwrapped tuple; the one element is what work returned.
  return result[0] as T;
}

/** Every index a plan (EXPLAIN (FORMAT JSON)) reads, in plan order, without repeats. */
export function planIndexes(plan: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Index Name' && typeof value === 'string') found.add(value);
      else walk(value);
    }
  };
  walk(plan);
  return [...found];
}
