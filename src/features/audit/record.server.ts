import '@tanstack/react-start/server-only';
// The one way any feature, or the auth registration, writes the audit log (declared in eslint.layers.js).
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { auditLog } from '@/server/db/schema/index';
import { emitWebhookEvent } from '@/features/webhook/emit.server';
import { eventOfAuditAction } from '@/features/webhook/events';
import { type ActingAs, actingKey, takeActingAsForEntry } from './acting-as.server';
import type { AuditAction, AuditMetadata, AuditTargetType } from './schema';

/** Keys never stored, whatever a caller passes: the log must not become a place secrets leak to. */
const SECRET_KEY = /token|code|otp|cookie|secret|password/i;
/** Keys only `recordAudit` writes, from an impersonation or an API key it knows of: a caller cannot forge them. */
const ACTING_AS_KEYS = new Set(['actingAs', 'actingAsLabel', 'apiKey', 'apiKeyLabel']);

export type AuditRecord = {
  /** Who acted (null for the system). */
  actorUserId: string | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; label?: string | null };
  /** The organization the change happened in (its activity lists the entry). */
  organizationId?: string | null;
  /** Small facts about the change, e.g. `{ from: 'user', to: 'admin' }`. */
  metadata?: AuditMetadata;
  ip?: string | null;
  /**
   * The change was made by `actingAs.adminId` signed in as `actingAs.userId`. Inside `actingAsScope` it
   * is filled in by itself (and an actor who is the impersonated user becomes the admin).
   */
  actingAs?: ActingAs;
};

/**
 * Appends one entry to the audit log. Pass the transaction that makes the change, so the entry and the
 * change commit or roll back together; after a better-auth call (its own transaction) call it right after.
 * During an impersonation the entry is the admin's and names the user it acted as. A change to an
 * organization's row or members is also an event for its webhooks, queued through the same `db`.
 */
export async function recordAudit(record: AuditRecord, db?: Database): Promise<void> {
  const executor = db ?? (await getDb());
  const actingAs = record.actingAs ?? takeActingAsForEntry();
  const facts = Object.entries({ ...record.metadata, label: record.target.label ?? undefined }).filter(
    ([key, value]) => value !== undefined && !SECRET_KEY.test(key) && !ACTING_AS_KEYS.has(key),
  );
  const key = actingKey();
  const metadata = Object.fromEntries([
    ...facts,
    ...(actingAs
      ? [
          ['actingAs', actingAs.userId],
          ['actingAsLabel', actingAs.userLabel],
        ]
      : []),
    ...(key
      ? [
          ['apiKey', key.id],
          ['apiKeyLabel', key.name],
        ]
      : []),
  ]);
  // The session's user is who the code sees; the person who acted is the admin behind it.
  const actorUserId =
    actingAs && record.actorUserId === actingAs.userId ? actingAs.adminId : record.actorUserId;
  await executor.insert(auditLog).values({
    actorUserId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    organizationId: record.organizationId ?? null,
    metadata,
    ip: record.ip ?? null,
  });
  // The organization's webhooks hear of the change in the same transaction (src/features/webhook).
  const event = record.organizationId ? eventOfAuditAction(record.action) : null;
  if (event && record.organizationId) {
    await emitWebhookEvent(executor, {
      organizationId: record.organizationId,
      type: event,
      data: { id: record.target.id, ...Object.fromEntries(facts) },
    });
  }
}

/**
 * An entry that sums repeated events (wrong codes entered for one address): `count` is how many the
 * current window holds so far (from a quota counter). The first makes the entry; each later one sets its
 * `count` on the newest entry of that action and target label within `windowSeconds`, so a burst of
 * guesses is one line in the log, not one per guess.
 */
export async function recordCountedAudit(
  record: AuditRecord & { target: { label: string } },
  count: number,
  windowSeconds: number,
  db?: Database,
): Promise<void> {
  const executor = db ?? (await getDb());
  if (count > 1) {
    const since = new Date(Date.now() - windowSeconds * 1000);
    const [latest] = await executor
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, record.action),
          sql`${auditLog.metadata}->>'label' = ${record.target.label}`,
          gte(auditLog.createdAt, since),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    if (latest) {
      await executor
        .update(auditLog)
        .set({ metadata: sql`${auditLog.metadata} || ${JSON.stringify({ count })}::jsonb` })
        .where(eq(auditLog.id, latest.id));
      return;
    }
  }
  await recordAudit({ ...record, metadata: { ...record.metadata, count } }, executor);
}
