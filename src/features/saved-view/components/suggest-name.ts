import type { TFunction } from 'i18next';
import { appConfig } from '~/app.config';
import type { SavedViewList, ViewSearch } from '../lists';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The order's label as the list's own select names it ("Name A–Z"), when the view is not the default one. */
function orderLabel(t: TFunction, ns: 'user' | 'repository', search: ViewSearch): string | null {
  if (!search.sort && !search.order) return null;
  const sort = search.sort ?? 'created';
  const order = search.order ?? 'desc';
  return t(`${ns}:list.sorts.${sort}${capitalized(order)}`);
}

/**
 * A name for the save dialog to start from, made of what the view picks out (the search term, the filters,
 * the order; the audit log's group and days) in the list's own words: "Banned · "ada"". The admin may keep or change it.
 */
export function suggestViewName(t: TFunction, list: SavedViewList, search: ViewSearch): string {
  const term = search.searchTerm ? t('savedView:suggest.term', { term: search.searchTerm }) : null;
  const parts =
    list === 'users'
      ? [
          search.status ? t(`user:status.${search.status}`) : null,
          search.role ? t(`user:roles.${search.role}`) : null,
          term,
          orderLabel(t, 'user', search),
        ]
      : list === 'repositories'
        ? [
            search.organizationId ? t('savedView:suggest.organization') : null,
            term,
            orderLabel(t, 'repository', search),
          ]
        : [
            search.group ? t(`audit:groups.${search.group}`) : null,
            // Days as the page's date fields hold them (ISO): an open end is left open.
            search.from || search.to ? `${search.from ?? ''}–${search.to ?? ''}` : null,
          ];
  const name = parts.filter((part) => part !== null).join(t('savedView:suggest.separator'));
  return (name || t(`savedView:nav.lists.${list}`)).slice(0, appConfig.limits.savedViewNameMax);
}
