import '@tanstack/react-start/server-only';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { auditLog } from '@/server/db/schema/index';
import type { AuditAction, AuditTargetType } from './schema';

/** Keys never stored, whatever a caller passes: the log must not become a place secrets leak to. */
const SECRET_KEY = /token|code|otp|cookie|secret|password/i;

export type AuditRecord = {
  /** Who acted (null for the system). */
  actorUserId: string | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; label?: string | null };
  /** Small facts about the change, e.g. `{ from: 'user', to: 'admin' }`. */
  metadata?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * Appends one entry to the audit log. Pass the transaction that makes the change, so the entry and the
 * change commit or roll back together; after a better-auth call (its own transaction) call it right after.
 */
export async function recordAudit(record: AuditRecord, db?: Database): Promise<void> {
  const executor = db ?? (await getDb());
  const metadata = Object.fromEntries(
    Object.entries({ ...record.metadata, label: record.target.label ?? undefined }).filter(
      ([key, value]) => value !== undefined && !SECRET_KEY.test(key),
    ),
  );
  await executor.insert(auditLog).values({
    actorUserId: record.actorUserId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    metadata,
    ip: record.ip ?? null,
  });
}
