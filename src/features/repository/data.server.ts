import '@tanstack/react-start/server-only';
import { count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { containsPattern, keysetPage } from '@/server/db/list';
import { repository } from '@/server/db/schema/index';
import type { ListPage } from '@/lib/list';
import { DESCRIPTION_EXCERPT_LENGTH, type RepositoryDetail, type RepositoryListItem } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first, optionally only names containing `searchTerm` (case-insensitive, `%` and `_` literal). */
export async function listRepositories(
  query: { searchTerm: string; cursor?: string | undefined; limit: number },
  db?: Database,
): Promise<ListPage<RepositoryListItem>> {
  const executor = db ?? (await getDb());
  const filter: SQL | undefined = query.searchTerm
    ? ilike(repository.name, containsPattern(query.searchTerm))
    : undefined;
  return keysetPage({
    sortKey: { createdAt: repository.createdAt, id: repository.id },
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
          cursorAt,
        })
        .from(repository)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: async (where) => {
      const [row] = await executor.select({ total: count() }).from(repository).where(where);
      return row?.total ?? 0;
    },
  });
}

/** The repository with this id, or null (also for ids that are not UUIDs). */
export async function findRepositoryById(id: string, db?: Database): Promise<RepositoryDetail | null> {
  if (!UUID.test(id)) return null;
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({
      id: repository.id,
      name: repository.name,
      link: repository.link,
      description: repository.description,
      createdAt: repository.createdAt,
      updatedAt: repository.updatedAt,
    })
    .from(repository)
    .where(eq(repository.id, id));
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
