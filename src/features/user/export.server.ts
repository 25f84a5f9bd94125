import '@tanstack/react-start/server-only';
import type { TFunction } from 'i18next';
import type { CsvValue } from '@/lib/csv';
import type { Database } from '@/server/db/client';
import { csvExport } from '@/server/http/csv-export';
import { exportFilename, readExportView, walkKeyset } from '@/server/http/csv-response';
import { authorizeRoute, routeRefusal } from '@/server/http/route-auth';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { listUsers } from './data.server';
import { type UserListItem, zUserListQuery } from './schema';
import type { UserListView } from './search';

/** The view an export takes from its URL: the list's own query without the page it is on. */
const zUserExportView = zUserListQuery.omit({ cursor: true, limit: true });

/** The file's header, in the caller's language. */
function userExportHeader(t: TFunction): string[] {
  return [
    t('export.id'),
    t('list.columns.name'),
    t('list.columns.email'),
    t('list.columns.role'),
    t('list.columns.status'),
    t('export.banEnds'),
    t('list.columns.created'),
  ];
}

/**
 * One user as a line of the file: roles and status as the list names them (`label` translates a key), dates
 * in ISO 8601.
 */
function userExportRow(user: UserListItem, label: (key: string) => string): CsvValue[] {
  const roles = (user.role ?? 'user').split(',').map((role) => label(`roles.${role}`));
  return [
    user.id,
    user.name,
    user.email,
    roles.join(', '),
    label(`status.${user.status}`),
    user.banExpires ? new Date(user.banExpires) : null,
    new Date(user.createdAt),
  ];
}

/** `t` for the few role and status labels, each looked up once however many rows use it. */
function labels(t: TFunction): (key: string) => string {
  const known = new Map<string, string>();
  return (key) => {
    let text = known.get(key);
    if (text === undefined) {
      // An unknown stored role shows as it is stored.
      text = t(key, { defaultValue: key.slice(key.indexOf('.') + 1) });
      known.set(key, text);
    }
    return text;
  };
}

/** Every user of the view, in its order, read through the list's own function in batches. */
async function* userExportRows(
  view: UserListView,
  t: TFunction,
  db?: Database,
): AsyncGenerator<CsvValue[], void, undefined> {
  const label = labels(t);
  for await (const user of walkKeyset((page) => listUsers({ ...view, ...page }, db))) {
    yield userExportRow(user, label);
  }
}

/**
 * GET /api/export/users: the users list's current view (search, role, status, sort and order: the list's
 * query parameters) as a streamed CSV file, all pages, for whoever may list users (as `$listUsers`).
 * 401/403 before anything is read; 400 `VALIDATION_ERROR:<field>` for a view the list would refuse. Audited
 * (`user.export`, with the view), one running at a time per caller (`csvExport`).
 */
export async function exportUsersCsv(request: Request, db?: Database): Promise<Response> {
  const caller = await authorizeRoute({ user: ['list'] });
  if (caller instanceof Response) return caller;
  const view = readExportView(request, zUserExportView);
  if (!view.ok) return routeRefusal('VALIDATION_ERROR', view.field);
  const t = await translatorFor(languageOfRequest(request.headers), 'user');
  return csvExport({
    caller,
    audit: { action: 'user.export', targetType: 'user', view: view.value },
    db,
    filename: exportFilename('users'),
    header: userExportHeader(t),
    rows: userExportRows(view.value, t, db),
    signal: request.signal,
  });
}
