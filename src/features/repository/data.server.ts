import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { containsPattern, countUpTo, hasTrigram, keysetPage, type SortKey } from '@/server/db/list';
import { organization, repository } from '@/server/db/schema/index';
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
 * Which repositories a call may see: one organization's (a member's view), or every organization's (the
 * platform's manager area, optionally filtered to one). Every read and write of this module takes one, so
 * a repository of another organization is simply not there for a member: a forged id is not found.
 */
export type RepositoryScope = { organizationId: string } | { platform: true; organizationId?: string };

function scopeFilter(scope: RepositoryScope): SQL | undefined {
  return scope.organizationId ? eq(repository.organizationId, scope.organizationId) : undefined;
}

/**
 * The order a list view asks for. Each is walked through an index: inside an organization
 * `(organization_id, created_at, id)` and the unique `(organization_id, name)` (a name is never repeated
 * there, so the id never breaks a tie); across organizations `(created_at, id)` and `(name, id)`.
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
  scope: RepositoryScope,
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
  const filter: SQL | undefined = and(
    scopeFilter(scope),
    query.searchTerm ? ilike(repository.name, containsPattern(query.searchTerm)) : undefined,
  );
  return keysetPage({
    sortKey: sortKeyOf(query.sort ?? 'created'),
    direction: query.order ?? 'desc',
    filter,
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: ({ from, where, orderBy, limit, cursorAt }) =>
      executor
        .select({
          id: repository.id,
          name: repository.name,
          link: repository.link,
          descriptionExcerpt: sql<
            string | null
          >`left(${repository.description}, ${DESCRIPTION_EXCERPT_LENGTH})`,
          createdAt: sql<string>`to_json(${repository.createdAt}) #>> '{}'`,
          organization: { id: organization.id, name: organization.name },
          cursorAt,
        })
        .from(from ?? repository)
        .innerJoin(organization, eq(organization.id, repository.organizationId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: (where, limit) =>
      countUpTo(executor, repository, where, limit, {
        search: hasTrigram(query.searchTerm),
        scope: scopeFilter(scope),
      }),
    totalCap: query.searchTerm ? appConfig.pagination.searchTotalCap : undefined,
    search: query.searchTerm
      ? { table: repository, term: query.searchTerm, scope: scopeFilter(scope) }
      : undefined,
  });
}

const detailColumns = {
  id: repository.id,
  organizationId: repository.organizationId,
  name: repository.name,
  link: repository.link,
  description: repository.description,
  createdAt: repository.createdAt,
  updatedAt: repository.updatedAt,
};

type DetailRow = Omit<RepositoryDetail, 'createdAt' | 'updatedAt' | 'organization'> & {
  organizationId: string;
  createdAt: Date;
  updatedAt: Date;
};

const toDetail = ({ organizationId, ...row }: DetailRow, organizationName: string): RepositoryDetail => ({
  ...row,
  organization: { id: organizationId, name: organizationName },
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `id` inside the scope: a repository of another organization does not match. */
function byId(scope: RepositoryScope, id: string): SQL | undefined {
  return and(eq(repository.id, id), scopeFilter(scope));
}

async function organizationName(executor: Database, id: string): Promise<string> {
  const [row] = await executor
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, id));
  return row?.name ?? '';
}

/** The repository with this id in the scope, or null (also for ids that are not UUIDs). */
export async function findRepositoryById(
  scope: RepositoryScope,
  id: string,
  db?: Database,
): Promise<RepositoryDetail | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ ...detailColumns, organizationName: organization.name })
    .from(repository)
    .innerJoin(organization, eq(organization.id, repository.organizationId))
    .where(byId(scope, id));
  if (!row) return null;
  const { organizationName: name, ...detail } = row;
  return toDetail(detail, name);
}

/** The unique index on (organization, name). */
const NAME_CONSTRAINT = 'repository_organization_name_unique';

/**
 * True for Postgres' error `code` (23505 unique, 23503 foreign key) on `constraint`. postgres.js names the
 * constraint `constraint_name`, PGlite `constraint`; drizzle wraps either in an error whose `cause` is
 * the original.
 */
function isConstraintViolation(error: unknown, code: string, constraint: string): boolean {
  for (let current = error, depth = 0; depth < 4 && typeof current === 'object' && current; depth++) {
    const fields = current as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      cause?: unknown;
    };
    if (fields.code === code) return (fields.constraint_name ?? fields.constraint) === constraint;
    current = fields.cause;
  }
  return false;
}

/** The foreign key to the organization: a create for one that does not exist. */
const ORGANIZATION_CONSTRAINT = 'repository_organization_id_organization_id_fk';

/**
 * The database's verdicts on a write: a taken name becomes `CONFLICT:name`, an organization that does not
 * exist (or was deleted meanwhile) `NOT_FOUND:organizationId`; other failures pass through.
 */
function nameConflict(error: unknown): never {
  if (isConstraintViolation(error, '23505', NAME_CONSTRAINT)) throw new AppError('CONFLICT', 'name');
  if (isConstraintViolation(error, '23503', ORGANIZATION_CONSTRAINT)) {
    throw new AppError('NOT_FOUND', 'organizationId');
  }
  throw error;
}

/**
 * Adds a repository. The unique index decides whether the name is free, so of two concurrent creates
 * with one name exactly one succeeds; the other throws `CONFLICT:name`.
 */
export async function insertRepository(
  organizationId: string,
  values: RepositoryValues,
  db?: Database,
): Promise<RepositoryDetail> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .insert(repository)
    .values({ organizationId, name: values.name, link: values.link, description: values.description })
    .returning(detailColumns)
    .catch(nameConflict);
  if (!row) throw new Error('insert returned no row');
  return toDetail(row, await organizationName(executor, organizationId));
}

/**
 * Replaces a repository's fields; null when the id matches none. Returns the row before and after, for
 * the audit log: pass a transaction so the locked read and the write see the same row. A taken name
 * throws `CONFLICT:name` and changes nothing.
 */
export async function updateRepository(
  scope: RepositoryScope,
  id: string,
  values: RepositoryValues,
  db?: Database,
): Promise<{ previous: RepositoryDetail; current: RepositoryDetail } | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [previous] = await executor
    .select(detailColumns)
    .from(repository)
    .where(byId(scope, id))
    .for('update');
  if (!previous) return null;
  const [current] = await executor
    .update(repository)
    .set({ name: values.name, link: values.link, description: values.description })
    .where(eq(repository.id, id))
    .returning(detailColumns)
    .catch(nameConflict);
  if (!current) return null;
  const name = await organizationName(executor, current.organizationId);
  return { previous: toDetail(previous, name), current: toDetail(current, name) };
}

/** Deletes a repository; its id and name, or null when the id matches none. */
export async function deleteRepository(
  scope: RepositoryScope,
  id: string,
  db?: Database,
): Promise<{ id: string; name: string; organizationId: string } | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .delete(repository)
    .where(byId(scope, id))
    .returning({ id: repository.id, name: repository.name, organizationId: repository.organizationId });
  return row ?? null;
}

/** The ids of the scope's repositories a list view matches, in its order, at most `limit` of them. */
export async function listRepositoryIds(
  scope: RepositoryScope,
  view: { searchTerm: string; sort: RepositorySort; order: SortOrder },
  limit: number,
  db?: Database,
): Promise<string[]> {
  const executor = db ?? (await getDb());
  const direction = view.order === 'asc' ? asc : desc;
  const column = view.sort === 'name' ? repository.name : repository.createdAt;
  const rows = await executor
    .select({ id: repository.id })
    .from(repository)
    .where(
      and(
        scopeFilter(scope),
        view.searchTerm ? ilike(repository.name, containsPattern(view.searchTerm)) : undefined,
      ),
    )
    .orderBy(direction(column), direction(repository.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
