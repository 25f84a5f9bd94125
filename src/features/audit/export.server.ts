import '@tanstack/react-start/server-only';
import type { TFunction } from 'i18next';
import type { CsvValue } from '@/lib/csv';
import type { Database } from '@/server/db/client';
import { csvExport } from '@/server/http/csv-export';
import { exportFilename, readExportView, walkKeyset } from '@/server/http/csv-response';
import { authorizeRoute, routeRefusal } from '@/server/http/route-auth';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { listAuditEntries } from './data.server';
import { auditActionGroup, type AuditEntry, type AuditFilters, zAuditExportView } from './schema';
import { auditGroupLabel, auditTargetLabel } from './search';
import { SENTENCE_NAMESPACES, sentenceCount, sentenceFacts, sentenceKey } from './sentence';

/** The file's header, in the caller's language. */
function auditExportHeader(t: TFunction): string[] {
  const column = (key: string) => t(`export.${key}`);
  return [
    column('time'),
    column('actor'),
    column('actorId'),
    column('actingAs'),
    column('group'),
    column('action'),
    column('description'),
    column('targetType'),
    column('targetId'),
    column('target'),
    column('organization'),
    column('ip'),
  ];
}

/**
 * The entry's sentence as plain text ("Ada banned Jane Doe"), as the page reads it without its links: what
 * a spreadsheet reader needs to understand a row without knowing the action ids.
 */
function describe(entry: AuditEntry, t: TFunction): string {
  const actor = entry.actor
    ? entry.actor.name || t('someone')
    : t(entry.action === 'audit.purge' ? 'system' : 'someone');
  const sentence = t(sentenceKey(entry), {
    ...sentenceFacts(entry, t),
    actor: entry.actingAs
      ? t('actingAs', { admin: actor, user: entry.actingAs.name || t('someone') })
      : actor,
    target: entry.targetLabel ?? t('unknownTarget'),
    count: sentenceCount(entry),
  });
  // The markup the page turns into links and emphasis; the acting-as phrase's trailing comma too.
  return sentence.replace(/<\/?[a-z]+>/g, '').replace(/[,،]\s*$/, '');
}

/** One entry as a line of the file: the time in ISO 8601 (UTC), names as written with the entry. */
function auditExportRow(entry: AuditEntry, t: TFunction): CsvValue[] {
  return [
    new Date(entry.createdAt),
    entry.actor ? entry.actor.name : entry.action === 'audit.purge' ? t('system') : null,
    entry.actor?.id ?? null,
    entry.actingAs?.name ?? null,
    t(auditGroupLabel(auditActionGroup[entry.action])),
    entry.action,
    describe(entry, t),
    t(auditTargetLabel(entry.targetType), { defaultValue: entry.targetType }),
    entry.targetId,
    entry.targetLabel,
    entry.organizationId,
    entry.ip,
  ];
}

/** Every entry of the view, newest first, read through the list's own function in batches. */
async function* auditExportRows(
  filters: AuditFilters,
  t: TFunction,
  db?: Database,
): AsyncGenerator<CsvValue[], void, undefined> {
  for await (const entry of walkKeyset((page) => listAuditEntries({ ...filters, ...page }, db))) {
    yield auditExportRow(entry, t);
  }
}

/**
 * GET /api/export/audit: the audit log's current view (the list's filters: actorId, group, targetType,
 * targetId, organizationId, from, to, userId) as a streamed CSV file, all pages, for whoever may read the
 * log (as `$listAuditEntries`). 401/403 before anything is read; 400 `VALIDATION_ERROR:<field>` for a
 * view the list would refuse (an unknown group, a day that does not exist, an end before the start).
 */
export async function exportAuditCsv(request: Request, db?: Database): Promise<Response> {
  const caller = await authorizeRoute({ user: ['list'] });
  if (caller instanceof Response) return caller;
  const view = readExportView(request, zAuditExportView);
  if (!view.ok) return routeRefusal('VALIDATION_ERROR', view.field);
  const t = await translatorFor(languageOfRequest(request.headers), SENTENCE_NAMESPACES);
  return csvExport({
    caller,
    audit: { action: 'audit.export', targetType: 'audit', view: view.value },
    db,
    filename: exportFilename('audit-log'),
    header: auditExportHeader(t),
    rows: auditExportRows(view.value, t, db),
    signal: request.signal,
  });
}
