import '@tanstack/react-start/server-only';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { ListPage } from '@/lib/list';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { countUpTo, keysetPage } from '@/server/db/list';
import { auditLog, user } from '@/server/db/schema/index';
import type { AuditAction, AuditEntry, AuditMetadata, AuditTargetType } from './schema';

/**
 * Newest first; with `userId`, only entries where that user acted or was the (user) target; with
 * `organizationId`, only changes made in that organization (its activity), by anyone.
 */
export async function listAuditEntries(
  query: {
    userId?: string | undefined;
    organizationId?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
  db?: Database,
): Promise<ListPage<AuditEntry>> {
  const byUser = query.userId
    ? or(
        eq(auditLog.actorUserId, query.userId),
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, query.userId)),
      )
    : undefined;
  const inOrganization = query.organizationId ? eq(auditLog.organizationId, query.organizationId) : undefined;
  return listEntries(and(byUser, inOrganization), query, db);
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
  createdAt: Date;
}): AuditEntry {
  const { label, actingAs, actingAsLabel, ...facts } = row.metadata ?? {};
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
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    targetLabel: typeof label === 'string' ? label : null,
    metadata,
    createdAt: row.createdAt.toISOString(),
  };
}
