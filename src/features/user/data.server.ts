import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { containsPattern, countUpTo, hasTrigram, keysetPage, type SortKey } from '@/server/db/list';
import { session, user } from '@/server/db/schema/index';
import type { ListPage } from '@/lib/list';
import type { UserDetail, UserListItem } from './schema';
import type { UserListView, UserStatus } from './search';

/**
 * Banned now: the flag set and no end date, or an end date still ahead. A flag whose end has passed no
 * longer counts (better-auth lifts such a ban at the next sign-in).
 */
const bannedNow = sql<boolean>`(coalesce(${user.banned}, false) and (${user.banExpires} is null or ${user.banExpires} > now()))`;

const statusOf = sql<UserStatus>`case when ${bannedNow} then 'banned' when ${user.onboardedAt} is null then 'notOnboarded' else 'active' end`;

// The end date only while the ban holds: an expired one means nothing to the reader.
const banExpiresNow = sql<
  string | null
>`case when ${bannedNow} then to_json(${user.banExpires}) #>> '{}' end`;

/** Whether the stored role (possibly a comma-separated list; none means user) includes `role`. */
function hasRole(role: string): SQL {
  return sql`${role} = any(string_to_array(coalesce(${user.role}, 'user'), ','))`;
}

function statusFilter(status: UserListView['status']): SQL | undefined {
  if (status === 'banned') return bannedNow;
  if (status === 'notOnboarded') return and(not(bannedNow), isNull(user.onboardedAt));
  if (status === 'active') return and(not(bannedNow), isNotNull(user.onboardedAt));
  return undefined;
}

/** The WHERE clause of a list view; the name and e-mail searches use their trigram indexes. */
function userListFilter(view: Pick<UserListView, 'searchTerm' | 'role' | 'status'>): SQL | undefined {
  const pattern = view.searchTerm ? containsPattern(view.searchTerm) : undefined;
  return and(
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
    view.role ? hasRole(view.role) : undefined,
    statusFilter(view.status),
  );
}

function sortKeyOf(sort: UserListView['sort']): SortKey {
  if (sort === 'name') return { column: user.name, kind: 'text', id: user.id };
  if (sort === 'email') return { column: user.email, kind: 'text', id: user.id };
  return { column: user.createdAt, kind: 'timestamp', id: user.id };
}

const listColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  role: user.role,
  status: statusOf,
  banExpires: banExpiresNow,
  createdAt: sql<string>`to_json(${user.createdAt}) #>> '{}'`,
};

/** One page of users for a list view, with the total matching it. */
export async function listUsers(
  query: UserListView & { cursor?: string | undefined; limit: number },
  db?: Database,
): Promise<ListPage<UserListItem>> {
  const executor = db ?? (await getDb());
  return keysetPage({
    sortKey: sortKeyOf(query.sort),
    direction: query.order,
    filter: userListFilter(query),
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: ({ from, where, orderBy, limit, cursorAt }) =>
      executor
        .select({ ...listColumns, cursorAt })
        .from(from ?? user)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: (where, limit) =>
      countUpTo(executor, user, where, limit, { search: hasTrigram(query.searchTerm) }),
    totalCap: query.searchTerm ? appConfig.pagination.searchTotalCap : undefined,
    // No index serves the role and status filters in list order: the first rows are the whole table's.
    search: query.searchTerm ? { table: user, term: query.searchTerm, scope: undefined } : undefined,
  });
}

/** The user with this id, or null. */
export async function findUserById(id: string, db?: Database): Promise<UserDetail | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({
      ...listColumns,
      emailVerified: user.emailVerified,
      onboardedAt: sql<string | null>`to_json(${user.onboardedAt}) #>> '{}'`,
      banReason: sql<string | null>`case when ${bannedNow} then ${user.banReason} end`,
      // Spelled out: drizzle prints a single-table select's columns unqualified, and a bare "id" inside
      // the subquery would mean the session's id.
      lastSignInAt: sql<string | null>`(
        select to_json(max(${session.createdAt})) #>> '{}' from ${session}
        where ${session.userId} = "user"."id" and ${session.impersonatedBy} is null)`,
    })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

/** A row a bulk action names: its id and the name the list shows (the address when it has none). */
export type UserTarget = { id: string; name: string };

const targetColumns = { id: user.id, name: sql<string>`coalesce(nullif(${user.name}, ''), ${user.email})` };

/** The users among `ids` that exist, with their names (in no particular order). */
export async function findUserTargets(ids: readonly string[], db?: Database): Promise<UserTarget[]> {
  if (ids.length === 0) return [];
  const executor = db ?? (await getDb());
  return executor
    .select(targetColumns)
    .from(user)
    .where(inArray(user.id, [...ids]));
}

/** The users a list view matches, in its order, at most `limit` of them. */
export async function listUserTargets(
  view: UserListView,
  limit: number,
  db?: Database,
): Promise<UserTarget[]> {
  const executor = db ?? (await getDb());
  const column = view.sort === 'name' ? user.name : view.sort === 'email' ? user.email : user.createdAt;
  const direction = view.order === 'asc' ? asc : desc;
  return executor
    .select(targetColumns)
    .from(user)
    .where(userListFilter(view))
    .orderBy(direction(column), direction(user.id))
    .limit(limit);
}
