import '@tanstack/react-start/server-only';
import { lt, sql } from 'drizzle-orm';
import { appConfig } from '~/app.config';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/index';
import { recordAudit } from './record.server';

/** The advisory lock of the retention job: of several instances, the one holding it purges. */
export const AUDIT_PURGE_LOCK_KEY = 72_617_002;

const DAY_MS = 24 * 3600 * 1000;

export type PurgeResult = { ran: false } | { ran: true; deleted: number };

/**
 * Deletes the audit entries older than `retentionDays` (before `now` minus that many days), `batchSize`
 * rows per statement so each batch is a short transaction of its own, and records one `audit.purge` entry
 * (the system's: no actor) saying how many went, when any did. Runs only while it holds the job's
 * advisory lock: another instance already purging makes this call return `{ ran: false }` at once.
 */
export async function purgeExpiredAuditEntries(
  handle: Pick<DatabaseHandle, 'tryWithLock'>,
  options: { retentionDays: number; batchSize?: number; now?: Date },
): Promise<PurgeResult> {
  const { retentionDays, batchSize = appConfig.audit.purgeBatchSize } = options;
  const before = new Date((options.now ?? new Date()).getTime() - retentionDays * DAY_MS);
  const attempt = await handle.tryWithLock(AUDIT_PURGE_LOCK_KEY, async (db) => {
    let deleted = 0;
    for (;;) {
      const removed = await deleteBatch(db, before, batchSize);
      deleted += removed;
      if (removed < batchSize) break;
    }
    if (deleted > 0) {
      await recordAudit(
        {
          actorUserId: null,
          action: 'audit.purge',
          target: { type: 'audit', id: null },
          metadata: { deleted, days: retentionDays, before: before.toISOString() },
        },
        db,
      );
    }
    return deleted;
  });
  return attempt.acquired ? { ran: true, deleted: attempt.result } : { ran: false };
}

/** One batch: the oldest expired rows by the `(created_at, id)` index, at most `limit`; how many went. */
async function deleteBatch(db: Database, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(lt(auditLog.createdAt, before))
    .orderBy(auditLog.createdAt, auditLog.id)
    .limit(limit);
  const removed = await db
    .delete(auditLog)
    .where(sql`${auditLog.id} in (${oldest})`)
    .returning({ id: auditLog.id });
  return removed.length;
}
