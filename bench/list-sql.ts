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

/** Whether the trigram indexes can look `term` up, as `hasTrigram` decides. */
export function hasTrigram(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/** How many rows `keysetPage` first looks a search's page for among: `SEARCH_FIRST_PAGES` (50) pages. */
const firstRowsFor = (limit: number) => (limit + 1) * 50;
/** How many rows `countUpTo` first counts a search's matches among: `SEARCH_FIRST_COUNT` (10) × its limit. */
const firstCountRowsFor = (cap: number) => (cap + 1) * 10;

export type Statement = { text: string; params: (string | number)[] };
/**
 * For a search whose term has a trigram (`search`), as `keysetPage` runs it: `page`, its first try (the
 * first rows of the scope, then the term); `matches`, the page among every match (behind an `offset 0`
 * fence), run when the first try found fewer than a page and one more (`searchRows`); `count`, the count
 * among any first rows of the scope; `countMatches`, the count of every match with bitmap scans only, run
 * when `count` stayed under the cap and one (`countUpTo`). Otherwise `page` and `count` are the plain ones.
 */
export type ListStatements = {
  page: Statement;
  matches?: Statement;
  count: Statement;
  countMatches?: Statement;
  cap: number;
  limit: number;
  search: boolean;
};

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
    `to_json("repository"."created_at") #>> '{}' from`;
  const join = `inner join "organization" on "organization"."id" = "repository"."organization_id"`;
  const order = `order by "repository"."created_at" desc, "repository"."id" desc`;
  // drizzle's `and()` brackets two or more conditions, not one; parameters are numbered in order.
  const scope = (n: number) => `"repository"."organization_id" = $${n}`;
  const position = (n: number) =>
    `("repository"."created_at", "repository"."id") < ($${n}::timestamptz, $${n + 1})`;
  const afterParams = after ? [after.cursorAt, after.id] : [];
  /** The WHERE of the list's filter (from parameter `n` on) and its parameters. */
  const where = (n: number) => {
    const filter = term ? `(${scope(n)} and "repository"."name" ilike $${n + 1})` : scope(n);
    const params: (string | number)[] = term ? [organizationId, pattern] : [organizationId];
    return after
      ? { text: `where (${filter} and ${position(n + params.length)})`, params: [...params, ...afterParams] }
      : { text: `where ${filter}`, params };
  };
  const plain = where(2);
  const countFilter = term
    ? `("repository"."organization_id" = $1 and "repository"."name" ilike $2)`
    : `"repository"."organization_id" = $1`;
  const countParams = term ? [organizationId, pattern] : [organizationId];
  const plainPage = {
    text: `${columns} "repository" ${join} ${plain.text} ${order} limit $${plain.params.length + 2}`,
    params: [DESCRIPTION_EXCERPT_LENGTH, ...plain.params, limit + 1],
  };
  const plainCount = {
    text: `select count(*) from (select 1 from "repository" where ${countFilter} limit $${countParams.length + 1}) "matching"`,
    params: [...countParams, cap + 1],
  };
  const statements = { cap, limit, search: hasTrigram(term) };
  if (!hasTrigram(term)) return { ...statements, page: plainPage, count: plainCount };
  const tableColumns = `"id", "organization_id", "name", "link", "description", "created_at", "updated_at"`;
  const count = {
    text:
      `select count(*) from (select 1 from (select ${tableColumns} from "repository" where ${scope(1)} limit $2) "repository" ` +
      `where ("repository"."organization_id" = $3 and "repository"."name" ilike $4) limit $5) "matching"`,
    params: [organizationId, firstCountRowsFor(cap), organizationId, pattern, cap + 1],
  };
  // The first try: the organization's first rows from the cursor on, under the table's name, then the term.
  const firstWhere = after ? `where (${scope(2)} and ${position(3)})` : `where ${scope(2)}`;
  const next = 3 + afterParams.length;
  const outer = where(next + 1);
  const firstRows = `(select ${tableColumns} from "repository" ${firstWhere} ${order} limit $${next}) "repository"`;
  // Then every match, behind `offset 0`, the whole filter again outside.
  const inner = where(2);
  const fenced = where(2 + inner.params.length);
  const matches = {
    text:
      `${columns} (select ${tableColumns} from "repository" ${inner.text} offset 0) "repository" ${join} ` +
      `${fenced.text} ${order} limit $${2 + inner.params.length + fenced.params.length}`,
    params: [DESCRIPTION_EXCERPT_LENGTH, ...inner.params, ...fenced.params, limit + 1],
  };
  return {
    ...statements,
    count,
    countMatches: plainCount,
    page: {
      text: `${columns} ${firstRows} ${join} ${outer.text} ${order} limit $${next + 1 + outer.params.length}`,
      params: [
        DESCRIPTION_EXCERPT_LENGTH,
        organizationId,
        ...afterParams,
        firstRowsFor(limit),
        ...outer.params,
        limit + 1,
      ],
    },
    matches,
  };
}

const bannedNow = `(coalesce("user"."banned", false) and ("user"."ban_expires" is null or "user"."ban_expires" > now()))`;

/** The users list's page query and count query for a term, default view (newest first), first page. */
export function userListSql(term: string, limit: number): ListStatements {
  const pattern = containsPattern(term);
  const cap = capFor(term);
  const columns =
    `select "id", "name", "email", "image", "role", case when ${bannedNow} then 'banned' when "onboarded_at" is null then 'notOnboarded' else 'active' end, ` +
    `case when ${bannedNow} then to_json("ban_expires") #>> '{}' end, to_json("created_at") #>> '{}', to_json("created_at") #>> '{}' from`;
  const order = `order by "user"."created_at" desc, "user"."id" desc`;
  const where = (n: number) => `where ("user"."name" ilike $${n} or "user"."email" ilike $${n + 1})`;
  const plainPage = {
    text: `${columns} "user" ${where(1)} ${order} limit $3`,
    params: [pattern, pattern, limit + 1],
  };
  const plainCount = {
    text: `select count(*) from (select 1 from "user" ${where(1)} limit $3) "matching"`,
    params: [pattern, pattern, cap + 1],
  };
  const statements = { cap, limit, search: hasTrigram(term) };
  if (!hasTrigram(term)) return { ...statements, page: plainPage, count: plainCount };
  const tableColumns =
    `"id", "name", "email", "email_verified", "image", "created_at", "updated_at", "role", "banned", ` +
    `"ban_reason", "ban_expires", "onboarded_at", "sign_in_alerts"`;
  // The first try: the table's first rows, under its name, then the term (no scope: the list is everyone).
  return {
    ...statements,
    count: {
      text: `select count(*) from (select 1 from (select ${tableColumns} from "user" limit $1) "user" ${where(2)} limit $4) "matching"`,
      params: [firstCountRowsFor(cap), pattern, pattern, cap + 1],
    },
    countMatches: plainCount,
    page: {
      text: `${columns} (select ${tableColumns} from "user" ${order} limit $1) "user" ${where(2)} ${order} limit $4`,
      params: [firstRowsFor(limit), pattern, pattern, limit + 1],
    },
    // Then every match, behind `offset 0`, the term again outside.
    matches: {
      text: `${columns} (select ${tableColumns} from "user" ${where(1)} offset 0) "user" ${where(3)} ${order} limit $5`,
      params: [pattern, pattern, pattern, pattern, limit + 1],
    },
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
 * Runs the page and the count at once, as `keysetPage` does, unprepared as drizzle's postgres.js driver
 * sends them (so each is planned for its own parameters, like the product's), a search's in its steps
 * (see `ListStatements`). The page's ids, the total as the list says it, and which statements answered.
 */
export async function runList(
  sql: postgres.Sql,
  statements: ListStatements,
): Promise<{
  ids: string[];
  total: number;
  totalCapped: boolean;
  answeredBy: 'page' | 'matches';
  countedBy: 'count' | 'countMatches';
}> {
  const page = async () => {
    // As arrays: the repositories page selects two columns named `id` (its own, its organization's).
    const first = await sql.unsafe(statements.page.text, statements.page.params, { prepare: false }).values();
    const { matches } = statements;
    if (!matches || first.length === statements.limit + 1)
      return { rows: first, answeredBy: 'page' as const };
    const rows = await sql.unsafe(matches.text, matches.params, { prepare: false }).values();
    return { rows, answeredBy: 'matches' as const };
  };
  const count = async () => {
    const [first] = await sql.unsafe(statements.count.text, statements.count.params, { prepare: false });
    const { countMatches } = statements;
    if (!countMatches || Number(first?.count) === statements.cap + 1) {
      return { total: Number(first?.count ?? NaN), countedBy: 'count' as const };
    }
    const [row] = await inPlanning(sql, true, (tx) =>
      tx.unsafe(countMatches.text, countMatches.params, { prepare: false }),
    );
    return { total: Number(row?.count ?? NaN), countedBy: 'countMatches' as const };
  };
  const [{ rows, answeredBy }, { total, countedBy }] = await Promise.all([page(), count()]);
  return {
    ids: rows.map((row) => String(row[0])),
    total: Math.min(total, statements.cap),
    totalCapped: total > statements.cap,
    answeredBy,
    countedBy,
  };
}

/**
 * Runs `work` as the product runs a search's count among every match (`countUpTo`: a transaction with
 * bitmap scans only), or as is.
 */
export async function inPlanning<T>(
  sql: postgres.Sql,
  search: boolean,
  work: (tx: postgres.Sql | postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  if (!search) return work(sql);
  const result = await sql.begin(async (tx) => {
    await tx.unsafe(
      `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)`,
    );
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
