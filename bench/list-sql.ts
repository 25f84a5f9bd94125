// The SQL the list data modules run (src/features/repository/data.server.ts, src/features/user/data.server.ts
// through src/server/db/list.ts), as drizzle prints it (numbered parameters and all), for the benchmarks' raw-SQL floors and EXPLAIN.
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

/** Where a keyset page starts: the last row of the page before (what the cursor carries). */
type After = { cursorAt: string; id: string };

/**
 * The app area's repositories list (`listRepositories` with an organization's scope): its page query and
 * count query for a term ('' for none), the first page or the one after `after`.
 */
export function repositoryListSql(
  organizationId: string,
  term: string,
  limit: number,
  after?: After,
): ListStatements {
  const pattern = containsPattern(term);
  const cap = capFor(term);
  const columns =
    `select "repository"."id", "repository"."name", "repository"."link", left("repository"."description", $1), ` +
    `to_json("repository"."created_at") #>> '{}', "organization"."id", "organization"."name", ` +
    `to_json("repository"."created_at") #>> '{}' from "repository" ` +
    `inner join "organization" on "organization"."id" = "repository"."organization_id"`;
  const order = `order by "repository"."created_at" desc, "repository"."id" desc`;
  // drizzle's `and()` brackets two or more conditions, not one; parameters are numbered in order.
  const scope = `"repository"."organization_id" = $2`;
  const filter = term ? `(${scope} and "repository"."name" ilike $3)` : scope;
  const filterParams: (string | number)[] = term ? [organizationId, pattern] : [organizationId];
  const next = filterParams.length + 2;
  const where = after
    ? `where (${filter} and ("repository"."created_at", "repository"."id") < ($${next}::timestamptz, $${next + 1}))`
    : `where ${filter}`;
  const afterParams = after ? [after.cursorAt, after.id] : [];
  const countFilter = term
    ? `("repository"."organization_id" = $1 and "repository"."name" ilike $2)`
    : `"repository"."organization_id" = $1`;
  return {
    page: {
      text: `${columns} ${where} ${order} limit $${next + afterParams.length}`,
      params: [DESCRIPTION_EXCERPT_LENGTH, ...filterParams, ...afterParams, limit + 1],
    },
    count: {
      text: `select count(*) from (select 1 from "repository" where ${countFilter} limit $${filterParams.length + 1}) "matching"`,
      params: [...filterParams, cap + 1],
    },
    cap,
    search: Boolean(term),
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
      `"session"."ip_address", "session"."user_agent", "session"."user_id", "session"."impersonated_by", ` +
      `"session"."active_organization_id", "session_user"."data" as "user" ` +
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
    // As arrays: the repositories page selects two columns named `id` (its own, its organization's).
    sql.unsafe(statements.page.text, statements.page.params, { prepare: false }).values(),
    inPlanning(sql, statements.search, (tx) =>
      tx.unsafe(statements.count.text, statements.count.params, { prepare: false }),
    ),
  ]);
  const total = Number(counted[0]?.count ?? NaN);
  return {
    ids: rows.map((row) => String(row[0])),
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
