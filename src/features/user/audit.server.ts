import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import type { AuditAction, AuditMetadata } from '@/features/audit/schema';
import type { Database } from '@/server/db/client';
import type { AdminStash } from './rules.server';

export type AdminChange = {
  path: string;
  stash: AdminStash;
  /** What the caller sent (after the before hook's rewrite). */
  body: Record<string, unknown>;
  /** better-auth's answer. */
  returned: Record<string, unknown>;
  ip: string | null;
};

const ACTIONS: Record<string, AuditAction> = {
  '/admin/create-user': 'user.create',
  '/admin/update-user': 'user.update',
  '/admin/set-role': 'user.set-role',
  '/admin/ban-user': 'user.ban',
  '/admin/unban-user': 'user.unban',
  '/admin/remove-user': 'user.delete',
  '/admin/impersonate-user': 'user.impersonate',
  '/admin/stop-impersonating': 'user.stop-impersonating',
  '/admin/revoke-user-session': 'session.revoke',
  '/admin/revoke-user-sessions': 'session.revoke-all',
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : null;

/** The entry's facts for each change; only small, non-secret values (never tokens). */
function describe(change: AdminChange): {
  actorUserId: string;
  targetId: string | null;
  label: string | null;
  metadata: AuditMetadata;
} {
  const { path, stash, body, returned } = change;
  const returnedUser = record(returned.user);
  const base = { actorUserId: stash.actorId, targetId: stash.targetId, label: stash.targetLabel };
  switch (path) {
    case '/admin/create-user':
      return {
        ...base,
        targetId: text(returnedUser.id),
        label: text(returnedUser.name) ?? text(returnedUser.email),
        metadata: { role: text(returnedUser.role) },
      };
    case '/admin/update-user': {
      // This route answers with the user itself, not `{ user }`.
      const updated = record(returned.user ?? returned);
      const data = record(body.data);
      const metadata: AuditMetadata = { fields: Object.keys(data).sort().join(',') };
      if ('role' in data) Object.assign(metadata, { from: stash.targetRole, to: text(updated.role) });
      return { ...base, label: text(updated.name) ?? stash.targetLabel, metadata };
    }
    case '/admin/set-role':
      return { ...base, metadata: { from: stash.targetRole, to: text(returnedUser.role) } };
    case '/admin/ban-user':
      return {
        ...base,
        metadata: { reason: text(returnedUser.banReason), until: iso(returnedUser.banExpires) },
      };
    case '/admin/impersonate-user':
      return { ...base, metadata: { until: iso(record(returned.session).expiresAt) } };
    case '/admin/stop-impersonating':
      // The impersonated user's session asks to stop; the one who acted is the admin behind it.
      return { ...base, actorUserId: stash.impersonatedBy ?? stash.actorId, metadata: {} };
    case '/admin/revoke-user-session':
      return { ...base, metadata: { sessionId: text(body.sessionId) } };
    default:
      return { ...base, metadata: {} };
  }
}

/** One audit entry for an admin change better-auth has just made (its own transaction, so right after). */
export async function auditAdminChange(db: Database, change: AdminChange): Promise<void> {
  const action = ACTIONS[change.path];
  if (!action) return;
  const { actorUserId, targetId, label, metadata } = describe(change);
  await recordAudit(
    {
      actorUserId,
      action,
      target: { type: 'user', id: targetId, label },
      metadata,
      ip: change.ip,
    },
    db,
  );
}
