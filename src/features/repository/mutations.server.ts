import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { deleteRepository, insertRepository, type RepositoryScope, updateRepository } from './data.server';
import type { RepositoryDetail, RepositoryValues } from './schema';

/** Who makes a change, for the audit log. */
export type Actor = { userId: string | null; ip: string | null };

const editableFields = ['name', 'link', 'description'] as const;

/**
 * Each change and its audit entry run in one transaction: both are stored or neither is, so the log
 * never records a change that did not happen, nor misses one that did.
 */
export async function createRepository(
  organizationId: string,
  values: RepositoryValues,
  actor: Actor,
  db?: Database,
): Promise<RepositoryDetail> {
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
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
  const executor = db ?? (await getDb());
  return executor.transaction(async (tx) => {
    const deleted = await deleteRepository(scope, id, tx);
    if (!deleted) return false;
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
    return true;
  });
}
