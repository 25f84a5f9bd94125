import type { TFunction } from 'i18next';
import { appConfig } from '~/app.config';
import { auditGroupLabel } from '@/features/audit/search';
import { listEntity, savedViewListLabel, type SavedViewList, type ViewSearch } from '../lists';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The order's label as the list's own select names it ("Name A–Z"), when the view is not the default one. */
function orderLabel(t: TFunction, ns: string, search: ViewSearch): string | null {
  if (!search.sort && !search.order) return null;
  const sort = search.sort ?? 'created';
  const order = search.order ?? 'desc';
  return t(`${ns}:list.sorts.${sort}${capitalized(order)}`);
}

/**
 * A name for the save dialog to start from, made of what the view picks out in the list's own words (its
 * entity's namespace): a user list's status and role, a list's organization, the audit log's group and
 * days, the search term, the order: "Banned · "ada"". The admin may keep or change it.
 */
export function suggestViewName(t: TFunction, list: SavedViewList, search: ViewSearch): string {
  const ns = listEntity(list).noun;
  const parts = [
    search.status ? t(`${ns}:status.${search.status}`) : null,
    search.role ? t(`${ns}:roles.${search.role}`) : null,
    search.organizationId ? t('savedView:suggest.organization') : null,
    search.group ? t(auditGroupLabel(search.group)) : null,
    // Days as the page's date fields hold them (ISO): an open end is left open.
    search.from || search.to ? `${search.from ?? ''}–${search.to ?? ''}` : null,
    search.searchTerm ? t('savedView:suggest.term', { term: search.searchTerm }) : null,
    orderLabel(t, ns, search),
  ];
  const name = parts.filter((part) => part !== null).join(t('savedView:suggest.separator'));
  return (name || t(savedViewListLabel(list))).slice(0, appConfig.limits.savedViewNameMax);
}
