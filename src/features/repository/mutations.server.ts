import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import { withinPlanLimit } from '@/features/billing/limits.server';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { BULK_MAX_ROWS, type BulkRow, done, skipped } from '@/lib/bulk';
import { AppError } from '@/lib/errors';
import {
  deleteRepository,
  insertRepository,
  listRepositoryIds,
  type RepositoryScope,
  updateRepository,
} from './data.server';
import type { RepositoryDetail, RepositoryValues } from './schema';
import type { RepositoryListView } from './search';

/** Who makes a change, for the audit log. */
export type Actor = { userId: string | null; ip: string | null };

const editableFields = ['name', 'link', 'description'] as const;

/**
 * Each change and its audit entry run in one transaction: both are stored or neither is, so the log
 * never records a change that did not happen, nor misses one that did. A create is refused
 * (PLAN_LIMIT_REACHED) once the organization's plan allows no more, whichever path it comes by.
 */
export async function createRepository(
  organizationId: string,
  values: RepositoryValues,
  actor: Actor,
  db?: Database,
): Promise<RepositoryDetail> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    await withinPlanLimit(tx, organizationId, 'repositories');
    const created = await insertRepository(organizationId, values, tx);
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'repository.create',
        target: { type: 'repository', id: created.id, label: created.name },
        organizationId,
        ip: actor.ip,
      },
      tx,
    );
    return created;
  });
}

/** Null when the id matches none; the audit entry names the fields that changed (none: no entry). */
export async function changeRepository(
  scope: RepositoryScope,
  id: string,
  values: RepositoryValues,
  actor: Actor,
  db?: Database,
): Promise<RepositoryDetail | null> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const updated = await updateRepository(scope, id, values, tx);
    if (!updated) return null;
    const { previous, current } = updated;
    const changed = editableFields.filter((field) => previous[field] !== current[field]);
    if (changed.length > 0) {
      await recordAudit(
        {
          actorUserId: actor.userId,
          action: 'repository.update',
          target: { type: 'repository', id: current.id, label: current.name },
          organizationId: current.organization.id,
          metadata: {
            changed: changed.join(','),
            ...(changed.includes('name') ? { previousName: previous.name } : {}),
          },
          ip: actor.ip,
        },
        tx,
      );
    }
    return current;
  });
}

/** False when the id matches none in the scope. */
export async function removeRepository(
  scope: RepositoryScope,
  id: string,
  actor: Actor,
  db?: Database,
): Promise<boolean> {
  return (await deleteAudited(scope, id, actor, db)) !== null;
}

/** The deletion and its audit entry; the deleted row's id and name, or null when the id matches none. */
async function deleteAudited(
  scope: RepositoryScope,
  id: string,
  actor: Actor,
  db?: Database,
): Promise<{ id: string; name: string } | null> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const deleted = await deleteRepository(scope, id, tx);
    if (!deleted) return null;
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'repository.delete',
        target: { type: 'repository', id: deleted.id, label: deleted.name },
        organizationId: deleted.organizationId,
        ip: actor.ip,
      },
      tx,
    );
    return { id: deleted.id, name: deleted.name };
  });
}

/**
 * Deletes each of `ids` in turn as the single delete does (the scope, one transaction and one audit entry
 * per row), answering per row in the order asked: an id the scope does not hold (another organization's,
 * or none) is NOT_FOUND, with no name, so the answer tells nothing about rows the caller cannot see.
 */
export async function removeRepositories(
  scope: RepositoryScope,
  ids: readonly string[],
  actor: Actor,
  db?: Database,
): Promise<BulkRow[]> {
  const rows: BulkRow[] = [];
  for (const id of ids) {
    const deleted = await deleteAudited(scope, id, actor, db);
    rows.push(deleted ? done(id, deleted.name) : skipped(id, '', 'NOT_FOUND'));
  }
  return rows;
}

/**
 * The ids a selection names: as sent, or every repository of the scope the view matches, in the view's
 * order; BULK_TOO_MANY past `max`.
 */
export async function resolveRepositorySelection(
  scope: RepositoryScope,
  selection: { ids: string[] } | { view: RepositoryListView },
  { db, max = BULK_MAX_ROWS }: { db?: Database; max?: number } = {},
): Promise<string[]> {
  if ('ids' in selection) return selection.ids;
  const ids = await listRepositoryIds(scope, selection.view, max + 1, db);
  if (ids.length > max) throw new AppError('BULK_TOO_MANY');
  return ids;
}
