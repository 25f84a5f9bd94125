import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { listEntity, type SavedViewList, type ViewSearch } from '../lists';
import { savedViewQueries } from '../queries';
import type { SavedView } from '../schema';

/**
 * A list's page in the manager area, its path and the icon its navigation gives it, read from the entity
 * registry when called (src/entities.ts). Never copied into a module-level table of this chunk: the manager
 * layout's chunk and this one once imported each other's icons, and a table filled while the chunks loaded
 * held an icon not yet defined (ADR 031).
 */
function listPage(list: SavedViewList) {
  const entity = listEntity(list);
  return { to: entity.nav.manager.to, icon: entity.icon };
}

type ListPage = ReturnType<typeof listPage>;

/** The icon of a view's list, as the navigation shows it. */
export function savedViewIcon(view: SavedView): LucideIcon {
  return listPage(view.list).icon;
}

/** The admin's views as pages of the command palette: each its list with the view's search. */
export function useSavedViewPages(): {
  id: string;
  to: ListPage['to'];
  search: ViewSearch;
  label: string;
  icon: LucideIcon;
}[] {
  const { data: views = [] } = useQuery(savedViewQueries.list());
  return views.map((view) => ({
    id: `view:${view.id}`,
    ...listPage(view.list),
    search: view.search,
    label: view.name,
  }));
}

/**
 * The link that opens a view: its list with the view's search (read by the list's own validator, so the
 * link is what the list's URL says for it). Marked as the current page only on exactly that view.
 */
export function SavedViewLink({
  view,
  className,
  activeClassName,
  title,
  onClick,
  children,
}: {
  view: SavedView;
  className: string;
  activeClassName: string;
  title?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const shared = {
    className,
    title,
    onClick,
    activeProps: { 'aria-current': 'page' as const, className: activeClassName },
    activeOptions: { exact: true, includeSearch: true },
    children,
  };
  const entity = listEntity(view.list);
  return <Link to={entity.nav.manager.to} search={entity.list.search.parse(view.search)} {...shared} />;
}
