import '@tanstack/react-start/server-only';
import { recordAudit } from '@/features/audit/record.server';
import type { AuditAction, AuditTargetType } from '@/features/audit/schema';
import { getQuotaStore } from '@/server/auth/instance';
import { postgresQuotaStore, type QuotaRule, type QuotaStore } from '@/server/auth/quota-store';
import { clientIp } from '@/server/client-ip';
import type { Database } from '@/server/db/client';
import { isDemoMode } from '@/server/env';
import { logger, serializeError } from '@/server/logger';
import { recordRateLimitRefusal } from '@/server/metrics';
import { csvResponse } from './csv-response';
import { type RouteCaller, routeRefusal } from './route-auth';

/**
 * The policy table's `csv-export` limits, per user (per address in the demo, where every visitor is the
 * same account): each export reads a whole list, so a few a minute, and one at a time (held by the
 * stream). The running count is a window of its own, ended by the export or, if the process dies
 * mid-export, by the window: nobody waits longer than it.
 */
const CSV_EXPORT_LIMITS = {
  perMinute: { window: 60, max: 3 },
  running: { window: 600, max: 1 },
} as const satisfies Record<string, QuotaRule>;

/**
 * Takes `caller`'s one running-export slot: a function that frees it (call it once the file has gone out,
 * failed or been cancelled; later calls do nothing), or null while another export of theirs runs.
 */
async function takeExportSlot(store: QuotaStore, caller: string): Promise<(() => Promise<void>) | null> {
  const key = `csv-export-running:${caller}`;
  const { running } = CSV_EXPORT_LIMITS;
  const started = Date.now();
  const use = await store.add(key, running, 1);
  let freed = false;
  const free = async () => {
    if (freed) return;
    freed = true;
    // Taken back only within the window that counted it, so a later window never goes below zero.
    if (Date.now() - started < running.window * 1000) await store.add(key, running, -1);
  };
  if (use.count <= running.max) return free;
  await free();
  return null;
}

/** What a list's export records: the action and target of its audit entry, and the view it exported. */
export type ExportAudit = {
  action: AuditAction;
  targetType: AuditTargetType;
  /** The list's filters as they were asked for, e.g. `{ role: 'admin', searchTerm: 'jo' }`. */
  view: Record<string, unknown>;
  organizationId?: string;
};

/** The view's set values as `name=value` pairs (`role=admin&searchTerm=jo`), for the audit entry. */
function describeView(view: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(view).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/**
 * A list's CSV export for a caller its route has authorised: a few a minute per caller (429 with
 * Retry-After past them) and one at a time (EXPORT_RUNNING, 409, while another runs), recorded in the
 * audit log (who, which list, which filters; during an impersonation, as the administrator's acting as
 * the user), then streamed (`csvResponse`), the slot freed when it ends.
 */
export async function csvExport(
  options: Parameters<typeof csvResponse>[0] & { caller: RouteCaller; audit: ExportAudit; db?: Database },
): Promise<Response> {
  const { caller, audit, db, ...file } = options;
  // The process's counters; a test that hands its own database counts there.
  const store = db ? postgresQuotaStore(db) : await getQuotaStore();
  const who = isDemoMode() ? `ip:${clientIp() ?? 'unknown'}` : caller.user.id;
  const rate = await store.consume(`csv-export:${who}`, CSV_EXPORT_LIMITS.perMinute);
  if (!rate.allowed) {
    recordRateLimitRefusal('csv-export');
    const wait = String(rate.retryAfter ?? CSV_EXPORT_LIMITS.perMinute.window);
    return routeRefusal('TOO_MANY_REQUESTS', wait, { 'retry-after': wait });
  }
  const free = await takeExportSlot(store, who);
  if (!free) return routeRefusal('EXPORT_RUNNING', undefined, { 'retry-after': '5' });
  const adminId = caller.session.impersonatedBy;
  const label = caller.user.name || caller.user.email;
  try {
    await recordAudit(
      {
        actorUserId: caller.user.id,
        action: audit.action,
        target: { type: audit.targetType, id: null },
        organizationId: audit.organizationId ?? null,
        metadata: { filters: describeView(audit.view) },
        ip: clientIp(),
        ...(adminId ? { actingAs: { adminId, userId: caller.user.id, userLabel: label } } : {}),
      },
      db,
    );
  } catch (error) {
    await free();
    throw error;
  }
  const release = () => {
    free().catch((error: unknown) => logger.warn({ err: serializeError(error) }, 'export slot not freed'));
  };
  return csvResponse({ ...file, onEnd: release });
}
