import '@tanstack/react-start/server-only';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { apikey, organization, user } from '@/server/db/schema/index';
import type { ApiKeyListItem } from './schema';
import { permissionsToScopes } from './scopes';

/** The plugin stores JSON as text; a value it did not write reads as nothing. */
function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const creatorId = sql<string | null>`(${apikey.metadata}::jsonb ->> 'createdBy')`;

/** An organization's keys, newest first, with their creators' names; never the key's hash. */
export async function listApiKeys(organizationId: string, db?: Database): Promise<ApiKeyListItem[]> {
  const executor = db ?? (await getDb());
  const rows = await executor
    .select({
      id: apikey.id,
      name: apikey.name,
      start: apikey.start,
      permissions: apikey.permissions,
      createdAt: apikey.createdAt,
      lastRequest: apikey.lastRequest,
      expiresAt: apikey.expiresAt,
      creatorId: user.id,
      creatorName: user.name,
    })
    .from(apikey)
    .leftJoin(user, eq(user.id, creatorId))
    .where(eq(apikey.referenceId, organizationId))
    .orderBy(desc(apikey.createdAt), desc(apikey.id));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    start: row.start ?? '',
    scopes: permissionsToScopes(parseJson(row.permissions) as Record<string, string[]> | null),
    createdBy: row.creatorId ? { id: row.creatorId, name: row.creatorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastRequest?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
  }));
}

export async function countApiKeys(organizationId: string, db?: Database): Promise<number> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ keys: count() })
    .from(apikey)
    .where(eq(apikey.referenceId, organizationId));
  return row?.keys ?? 0;
}

/** Deletes one of the organization's keys: its name, or null when the organization holds no such key. */
export async function deleteApiKey(
  organizationId: string,
  id: string,
  db?: Database,
): Promise<{ id: string; name: string } | null> {
  const executor = db ?? (await getDb());
  const [deleted] = await executor
    .delete(apikey)
    .where(and(eq(apikey.id, id), eq(apikey.referenceId, organizationId)))
    .returning({ id: apikey.id, name: apikey.name });
  return deleted ? { id: deleted.id, name: deleted.name ?? '' } : null;
}

/** Whether an organization has this id (the manager's list of its keys is NOT_FOUND otherwise). */
export async function organizationExists(id: string, db?: Database): Promise<boolean> {
  const executor = db ?? (await getDb());
  const [found] = await executor
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, id))
    .limit(1);
  return found !== undefined;
}
