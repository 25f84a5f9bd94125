import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { containsPattern, countUpTo, keysetPage, type SortKey } from '@/server/db/list';
import { repository } from '@/server/db/schema/index';
import { AppError } from '@/lib/errors';
import type { ListPage } from '@/lib/list';
import type { SortOrder } from '@/lib/search-params';
import {
  DESCRIPTION_EXCERPT_LENGTH,
  type RepositoryDetail,
  type RepositoryListItem,
  type RepositoryValues,
} from './schema';
import type { RepositorySort } from './search';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order a list view asks for. Each is walked through an index: `(created_at, id)`, and for names the
 * unique index on `name` (a name is never repeated, so the id never has to break a tie: Postgres reads
 * the index from the cursor's name on, `name >= $cursor`, and its incremental sort has one row per group).
 */
function sortKeyOf(sort: RepositorySort): SortKey {
  if (sort === 'name') return { column: repository.name, kind: 'text', id: repository.id };
  return { createdAt: repository.createdAt, id: repository.id };
}

/**
 * One page of repositories in the view's order (newest first by default), optionally only names
 * containing `searchTerm` (case-insensitive, `%` and `_` literal).
 */
export async function listRepositories(
  query: {
    searchTerm: string;
    sort?: RepositorySort;
    order?: SortOrder;
    cursor?: string | undefined;
    limit: number;
  },
  db?: Database,
): Promise<ListPage<RepositoryListItem>> {
  const executor = db ?? (await getDb());
  const filter: SQL | undefined = query.searchTerm
    ? ilike(repository.name, containsPattern(query.searchTerm))
    : undefined;
  return keysetPage({
    sortKey: sortKeyOf(query.sort ?? 'created'),
    direction: query.order ?? 'desc',
    filter,
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: ({ where, orderBy, limit, cursorAt }) =>
      executor
        .select({
          id: repository.id,
          name: repository.name,
          link: repository.link,
          descriptionExcerpt: sql<
            string | null
          >`left(${repository.description}, ${DESCRIPTION_EXCERPT_LENGTH})`,
          createdAt: sql<string>`to_json(${repository.createdAt}) #>> '{}'`,
          cursorAt,
        })
        .from(repository)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: (where, limit) =>
      countUpTo(executor, repository, where, limit, { search: Boolean(query.searchTerm) }),
    totalCap: query.searchTerm ? appConfig.pagination.searchTotalCap : undefined,
  });
}

const detailColumns = {
  id: repository.id,
  name: repository.name,
  link: repository.link,
  description: repository.description,
  createdAt: repository.createdAt,
  updatedAt: repository.updatedAt,
};

type DetailRow = Omit<RepositoryDetail, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const toDetail = (row: DetailRow): RepositoryDetail => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The repository with this id, or null (also for ids that are not UUIDs). */
export async function findRepositoryById(id: string, db?: Database): Promise<RepositoryDetail | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor.select(detailColumns).from(repository).where(eq(repository.id, id));
  return row ? toDetail(row) : null;
}

const NAME_CONSTRAINT = 'repository_name_unique';

/**
 * True for Postgres' unique violation (23505) on `constraint`. postgres.js names the constraint
 * `constraint_name`, PGlite `constraint`; drizzle wraps either in an error whose `cause` is the original.
 */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; depth < 4 && typeof current === 'object' && current; depth++) {
    const fields = current as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      cause?: unknown;
    };
    if (fields.code === '23505') return (fields.constraint_name ?? fields.constraint) === constraint;
    current = fields.cause;
  }
  return false;
}

/** The database's verdict on a taken name becomes `CONFLICT:name`; other failures pass through. */
function nameConflict(error: unknown): never {
  if (isUniqueViolation(error, NAME_CONSTRAINT)) throw new AppError('CONFLICT', 'name');
  throw error;
}

/**
 * Adds a repository. The unique index decides whether the name is free, so of two concurrent creates
 * with one name exactly one succeeds; the other throws `CONFLICT:name`.
 */
export async function insertRepository(values: RepositoryValues, db?: Database): Promise<RepositoryDetail> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .insert(repository)
    .values({ name: values.name, link: values.link, description: values.description })
    .returning(detailColumns)
    .catch(nameConflict);
  if (!row) throw new Error('insert returned no row');
  return toDetail(row);
}

/**
 * Replaces a repository's fields; null when the id matches none. Returns the row before and after, for
 * the audit log: pass a transaction so the locked read and the write see the same row. A taken name
 * throws `CONFLICT:name` and changes nothing.
 */
export async function updateRepository(
  id: string,
  values: RepositoryValues,
  db?: Database,
): Promise<{ previous: RepositoryDetail; current: RepositoryDetail } | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [previous] = await executor
    .select(detailColumns)
    .from(repository)
    .where(eq(repository.id, id))
    .for('update');
  if (!previous) return null;
  const [current] = await executor
    .update(repository)
    .set({ name: values.name, link: values.link, description: values.description })
    .where(eq(repository.id, id))
    .returning(detailColumns)
    .catch(nameConflict);
  return current ? { previous: toDetail(previous), current: toDetail(current) } : null;
}

/** Deletes a repository; its id and name, or null when the id matches none. */
export async function deleteRepository(
  id: string,
  db?: Database,
): Promise<{ id: string; name: string } | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .delete(repository)
    .where(eq(repository.id, id))
    .returning({ id: repository.id, name: repository.name });
  return row ?? null;
}
