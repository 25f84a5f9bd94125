import '@tanstack/react-start/server-only';
// "Download my data": the limit, what the file may show, and its audit entry.
import { recordAudit } from '@/features/audit/record.server';
import { AppError, tooManyRequests } from '@/lib/errors';
import type { QuotaRule, QuotaStore } from '@/server/auth/quota-store';
import type { Database } from '@/server/db/client';
import { recordRateLimitRefusal } from '@/server/metrics';
import { type AccountDataRows, findAccountData } from './data.server';
import type { AccountExport } from './schema';

/** Exports per user an hour: each reads every row the account has, and nobody needs more. */
export const EXPORT_LIMIT: QuotaRule = { window: 3600, max: 5 };

/** Metadata keys that are no fact of the change: the target's label, and whom an impersonation acted as. */
const NOT_FACTS = new Set(['label', 'actingAs', 'actingAsLabel']);

export type ExportCaller = {
  user: { id: string; name: string; email: string };
  session: { id: string; impersonatedBy?: string | null | undefined };
  /** The address of the request. */
  ip: string | null;
  /** The read-only demo, where every visitor signs in to the same accounts. */
  demo: boolean;
};

/**
 * The counter an export counts against: the user's; in the demo, where every visitor is the same user,
 * the visitor's address, so one visitor cannot use up everyone's exports.
 */
function exportQuotaKey(caller: ExportCaller): string {
  return caller.demo && caller.ip
    ? `account-export:ip:${caller.ip}`
    : `account-export:user:${caller.user.id}`;
}

/**
 * The caller's data as "Download my data" hands it over (`TOO_MANY_REQUESTS:<seconds>` past
 * `EXPORT_LIMIT`), recorded as `account.export`: during an impersonation, as the administrator's, acting
 * as the user.
 */
export async function exportAccountData(
  caller: ExportCaller,
  deps: { quotaStore: QuotaStore; db?: Database },
): Promise<AccountExport> {
  const quota = await deps.quotaStore.consume(exportQuotaKey(caller), EXPORT_LIMIT);
  if (!quota.allowed) {
    recordRateLimitRefusal('data-export');
    throw tooManyRequests(quota.retryAfter ?? EXPORT_LIMIT.window);
  }
  const rows = await findAccountData(caller.user.id, deps.db);
  // The session outlived its user (deleted a moment ago).
  if (!rows) throw new AppError('UNAUTHORIZED');
  const data = toAccountExport(rows, caller);
  const label = caller.user.name || caller.user.email;
  const adminId = caller.session.impersonatedBy;
  await recordAudit(
    {
      actorUserId: caller.user.id,
      action: 'account.export',
      target: { type: 'user', id: caller.user.id, label },
      ip: caller.ip,
      ...(adminId ? { actingAs: { adminId, userId: caller.user.id, userLabel: label } } : {}),
    },
    deps.db,
  );
  return data;
}

/**
 * What the user may see of their rows. An administrator's session as the user shows neither the
 * administrator's device nor address, and a change someone else made shows nobody's address; in the demo,
 * the only addresses shown are the caller's own (their session's and their request's).
 */
function toAccountExport(
  rows: AccountDataRows,
  caller: Pick<ExportCaller, 'session' | 'ip' | 'demo'>,
  now = new Date(),
): AccountExport {
  const ownSession = rows.sessions.find((s) => s.id === caller.session.id);
  const ownAddresses = new Set([caller.ip, ownSession?.ipAddress].filter(Boolean));
  const shown = (ip: string | null) => (ip && (!caller.demo || ownAddresses.has(ip)) ? ip : null);
  const { profile } = rows;
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      createdAt: profile.createdAt.toISOString(),
      onboardedAt: profile.onboardedAt?.toISOString() ?? null,
    },
    sessions: rows.sessions.map((s) => {
      const impersonated = s.impersonatedBy !== null;
      return {
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ipAddress: impersonated ? null : shown(s.ipAddress),
        userAgent: impersonated ? null : s.userAgent,
        impersonated,
        signInMethod: impersonated ? null : s.signInMethod,
      };
    }),
    signInMethods: {
      email: profile.email,
      accounts: rows.accounts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
      passkeys: rows.passkeys.map((p) => ({
        ...p,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
    },
    organizations: rows.memberships.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    auditEntries: rows.auditEntries.map((entry) => {
      const byYou = entry.actorUserId === profile.id;
      const label = entry.metadata?.label;
      return {
        action: entry.action,
        byYou,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetLabel: typeof label === 'string' ? label : null,
        metadata: plainFacts(entry.metadata),
        createdAt: entry.createdAt.toISOString(),
        ip: byYou ? shown(entry.ip) : null,
      };
    }),
  };
}

/** An entry's facts as stored by `recordAudit`: plain values, without the label or an impersonation's names. */
function plainFacts(
  metadata: Record<string, unknown> | null,
): AccountExport['auditEntries'][number]['metadata'] {
  const facts: AccountExport['auditEntries'][number]['metadata'] = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    const plain =
      value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (plain && !NOT_FACTS.has(key)) facts[key] = value;
  }
  return facts;
}
