import '@tanstack/react-start/server-only';
import type { TFunction } from 'i18next';
import type { CsvValue } from '@/lib/csv';
import type { Database } from '@/server/db/client';
import { csvExport } from '@/server/http/csv-export';
import { exportFilename, readExportView, walkKeyset } from '@/server/http/csv-response';
import {
  authorizeOrganizationRoute,
  authorizeRoute,
  type RouteCaller,
  routeRefusal,
} from '@/server/http/route-auth';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { listRepositories, type RepositoryScope } from './data.server';
import { type RepositoryListItem, zPlatformRepositoryListQuery, zRepositoryListQuery } from './schema';
import type { RepositoryListView } from './search';

/** The views an export takes from its URL: the lists' own queries without the page they are on. */
const zRepositoryExportView = zRepositoryListQuery.omit({ cursor: true, limit: true });
const zPlatformRepositoryExportView = zPlatformRepositoryListQuery.omit({ cursor: true, limit: true });

/** The file's header, in the caller's language: the list's columns and the description it shows. */
function repositoryExportHeader(t: TFunction): string[] {
  return [
    t('export.id'),
    t('list.columns.name'),
    t('list.columns.link'),
    t('export.description'),
    t('list.columns.organization'),
    t('list.columns.created'),
  ];
}

/** One repository as a line of the file, its date in ISO 8601. */
function repositoryExportRow(item: RepositoryListItem): CsvValue[] {
  return [
    item.id,
    item.name,
    item.link,
    item.descriptionExcerpt,
    item.organization.name,
    new Date(item.createdAt),
  ];
}

/**
 * Every repository of the view within `scope`, in the view's order, read through the list's own function
 * in batches: the scope is the list's tenancy, never a filter of the export's own.
 */
async function* repositoryExportRows(
  scope: RepositoryScope,
  view: RepositoryListView,
  db?: Database,
): AsyncGenerator<CsvValue[], void, undefined> {
  for await (const item of walkKeyset((page) => listRepositories(scope, { ...view, ...page }, db))) {
    yield repositoryExportRow(item);
  }
}

/** The file, audited as `repository.export` with the view it was asked for (`exported`). */
async function repositoryCsv(
  request: Request,
  caller: RouteCaller,
  scope: RepositoryScope,
  view: RepositoryListView,
  exported: Record<string, unknown>,
  db: Database | undefined,
): Promise<Response> {
  const t = await translatorFor(languageOfRequest(request.headers), 'repository');
  return csvExport({
    caller,
    audit: {
      action: 'repository.export',
      targetType: 'repository',
      view: exported,
      // The app area's export happened in its organization; the manager's reads across them.
      ...('platform' in scope ? {} : { organizationId: scope.organizationId }),
    },
    db,
    filename: exportFilename('repositories'),
    header: repositoryExportHeader(t),
    rows: repositoryExportRows(scope, view, db),
    signal: request.signal,
  });
}

/**
 * GET /api/export/repositories: the app area's list (search, sort, order) as a streamed CSV file, only the
 * caller's active organization's repositories, for its members (as `$listRepositories`). 401 or
 * NO_ACTIVE_ORGANIZATION before anything is read; 400 `VALIDATION_ERROR:<field>` for a view the list
 * would refuse.
 */
export async function exportRepositoriesCsv(request: Request, db?: Database): Promise<Response> {
  const allowed = await authorizeOrganizationRoute(db);
  if (allowed instanceof Response) return allowed;
  const view = readExportView(request, zRepositoryExportView);
  if (!view.ok) return routeRefusal('VALIDATION_ERROR', view.field);
  const scope = { organizationId: allowed.organizationId };
  return repositoryCsv(request, allowed.caller, scope, view.value, view.value, db);
}

/**
 * GET /api/export/platform-repositories: the manager area's list (every organization's, or the one of
 * `organizationId`) as a streamed CSV file, for whoever may read them there (as `$listPlatformRepositories`).
 */
export async function exportPlatformRepositoriesCsv(request: Request, db?: Database): Promise<Response> {
  const caller = await authorizeRoute({ apps: ['manager'], repository: ['read'] });
  if (caller instanceof Response) return caller;
  const view = readExportView(request, zPlatformRepositoryExportView);
  if (!view.ok) return routeRefusal('VALIDATION_ERROR', view.field);
  const { organizationId, ...listView } = view.value;
  const scope: RepositoryScope = organizationId ? { platform: true, organizationId } : { platform: true };
  return repositoryCsv(request, caller, scope, listView, view.value, db);
}
