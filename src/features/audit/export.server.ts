import '@tanstack/react-start/server-only';
import type { TFunction } from 'i18next';
import type { AppLanguage } from '~/app.config';
import type { CsvValue } from '@/lib/csv';
import type { Database } from '@/server/db/client';
import { csvResponse, exportFilename, readExportView, walkKeyset } from '@/server/http/csv-response';
import { authorizeRoute, routeRefusal } from '@/server/http/route-auth';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { listAuditEntries } from './data.server';
import { auditActionGroup, type AuditEntry, type AuditFilters, zAuditExportView } from './schema';

/** The namespaces an entry's sentence may live in (`<noun>:audit.<verb>`, sessions in `user`). */
const SENTENCE_NAMESPACES = ['audit', 'user', 'repository', 'organization'] as const;
type SentenceNamespace = (typeof SENTENCE_NAMESPACES)[number];

/** The translators an audit file needs, one per namespace, in the caller's language. */
type AuditExportTranslators = Record<SentenceNamespace, TFunction>;

async function auditExportTranslators(lng: AppLanguage): Promise<AuditExportTranslators> {
  const entries = await Promise.all(
    SENTENCE_NAMESPACES.map(async (ns) => [ns, await translatorFor(lng, ns)] as const),
  );
  return Object.fromEntries(entries) as AuditExportTranslators;
}

/** The file's header, in the caller's language. */
function auditExportHeader(t: AuditExportTranslators): string[] {
  const column = (key: string) => t.audit(`export.${key}`);
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
function describe(entry: AuditEntry, t: AuditExportTranslators): string {
  const [noun = '', verb = ''] = entry.action.split('.');
  const ns: SentenceNamespace = noun === 'session' ? 'user' : (noun as SentenceNamespace);
  const key = noun === 'session' ? `audit.session.${verb}` : `audit.${verb}`;
  const { organization, team, role, to, days, deleted } = entry.metadata;
  const roleName = typeof to === 'string' ? to : typeof role === 'string' ? role : '';
  const actor = entry.actor
    ? entry.actor.name || t.audit('someone')
    : t.audit(entry.action === 'audit.purge' ? 'system' : 'someone');
  const translate = t[ns] ?? t.audit;
  const sentence = translate(key, {
    actor: entry.actingAs
      ? t.audit('actingAs', { admin: actor, user: entry.actingAs.name || t.audit('someone') })
      : actor,
    target: entry.targetLabel ?? t.audit('unknownTarget'),
    organization: typeof organization === 'string' ? organization : t.audit('unknownTarget'),
    team: typeof team === 'string' ? team : t.audit('unknownTarget'),
    role: roleName ? t.organization(`roles.${roleName}`, { defaultValue: roleName }) : '',
    days: typeof days === 'number' ? days : 0,
    ...(typeof deleted === 'number' ? { count: deleted } : {}),
  });
  // The markup the page turns into links and emphasis; the acting-as phrase's trailing comma too.
  return sentence.replace(/<\/?[a-z]+>/g, '').replace(/[,،]\s*$/, '');
}

/** One entry as a line of the file: the time in ISO 8601 (UTC), names as written with the entry. */
function auditExportRow(entry: AuditEntry, t: AuditExportTranslators): CsvValue[] {
  return [
    new Date(entry.createdAt),
    entry.actor ? entry.actor.name : entry.action === 'audit.purge' ? t.audit('system') : null,
    entry.actor?.id ?? null,
    entry.actingAs?.name ?? null,
    t.audit(`groups.${auditActionGroup[entry.action]}`),
    entry.action,
    describe(entry, t),
    t.audit(`targetTypes.${entry.targetType}`, { defaultValue: entry.targetType }),
    entry.targetId,
    entry.targetLabel,
    entry.organizationId,
    entry.ip,
  ];
}

/** Every entry of the view, newest first, read through the list's own function in batches. */
async function* auditExportRows(
  filters: AuditFilters,
  t: AuditExportTranslators,
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
  const t = await auditExportTranslators(languageOfRequest(request.headers));
  return csvResponse({
    filename: exportFilename('audit-log'),
    header: auditExportHeader(t),
    rows: auditExportRows(view.value, t, db),
    signal: request.signal,
  });
}
