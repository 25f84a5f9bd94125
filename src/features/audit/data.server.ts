import '@tanstack/react-start/server-only';
import { and, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { ListPage } from '@/lib/list';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { countUpTo, keysetPage } from '@/server/db/list';
import { auditLog, user } from '@/server/db/schema/index';
import {
  actionsOfGroup,
  type AuditAction,
  type AuditEntry,
  type AuditFilters,
  type AuditMetadata,
  type AuditTargetType,
} from './schema';

/**
 * Newest first, narrowed by `filters` (see `auditFilter`).
 */
export async function listAuditEntries(
  query: AuditFilters & { cursor?: string | undefined; limit: number },
  db?: Database,
): Promise<ListPage<AuditEntry>> {
  return listEntries(auditFilter(query), query, db);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The condition the filters make, all of them together: with `userId`, entries where that user acted or
 * was the (user) target; `actorId`, entries that user made; `group`, its actions; `targetType` (and
 * `targetId`), entries about that target; `organizationId`, changes made in that organization, by anyone;
 * `from`/`to`, entries made on those days (UTC), both included. Each uses one of the log's indexes.
 */
function auditFilter(filters: AuditFilters): SQL | undefined {
  const byUser = filters.userId
    ? or(
        eq(auditLog.actorUserId, filters.userId),
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, filters.userId)),
      )
    : undefined;
  return and(
    byUser,
    filters.actorId ? eq(auditLog.actorUserId, filters.actorId) : undefined,
    filters.group ? inArray(auditLog.action, actionsOfGroup(filters.group)) : undefined,
    filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
    filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
    filters.organizationId ? eq(auditLog.organizationId, filters.organizationId) : undefined,
    filters.from ? gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    // Before the start of the next day: the whole of `to` is in, whatever the timestamps' precision.
    filters.to ? lt(auditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)) : undefined,
  );
}

/** Keyset pages of the entries `filter` admits (all when undefined), with their actors' names. */
async function listEntries(
  filter: SQL | undefined,
  query: { cursor?: string | undefined; limit: number },
  db?: Database,
): Promise<ListPage<AuditEntry>> {
  const executor = db ?? (await getDb());
  const page = await keysetPage({
    sortKey: { createdAt: auditLog.createdAt, id: auditLog.id },
    filter,
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: ({ where, orderBy, limit, cursorAt }) =>
      executor
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorId: auditLog.actorUserId,
          actorName: user.name,
          actorEmail: user.email,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          metadata: auditLog.metadata,
          organizationId: auditLog.organizationId,
          ip: auditLog.ip,
          createdAt: auditLog.createdAt,
          cursorAt,
        })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.actorUserId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: (where, limit) => countUpTo(executor, auditLog, where, limit),
  });
  return { ...page, items: page.items.map(toEntry) };
}

function toEntry(row: {
  id: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  targetType: string;
  targetId: string | null;
  metadata: Record<string, unknown> | null;
  organizationId: string | null;
  ip: string | null;
  createdAt: Date;
}): AuditEntry {
  const { label, actingAs, actingAsLabel, apiKey, apiKeyLabel, ...facts } = row.metadata ?? {};
  const metadata: AuditMetadata = {};
  for (const [key, value] of Object.entries(facts)) {
    const plain =
      value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (plain) metadata[key] = value;
  }
  return {
    id: row.id,
    // Rows are only written through `recordAudit`, whose types admit nothing else.
    action: row.action as AuditAction,
    actor: row.actorId ? { id: row.actorId, name: row.actorName || row.actorEmail || '' } : null,
    actingAs:
      typeof actingAs === 'string'
        ? { id: actingAs, name: typeof actingAsLabel === 'string' ? actingAsLabel : '' }
        : null,
    apiKey:
      typeof apiKey === 'string'
        ? { id: apiKey, name: typeof apiKeyLabel === 'string' ? apiKeyLabel : '' }
        : null,
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    targetLabel: typeof label === 'string' ? label : null,
    metadata,
    organizationId: row.organizationId,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}
