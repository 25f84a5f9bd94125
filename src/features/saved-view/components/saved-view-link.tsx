import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FolderGit2, type LucideIcon, ScrollText, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { auditSearch } from '@/features/audit/search';
import { platformRepositoryListSearch } from '@/features/repository/search';
import { userListSearch } from '@/features/user/search';
import type { SavedViewList, ViewSearch } from '../lists';
import { savedViewQueries } from '../queries';
import type { SavedView } from '../schema';

type ListPage = { to: '/manager/users' | '/manager/repositories' | '/manager/audit'; icon: LucideIcon };

/**
 * A list's page in the manager area: its path and the icon its navigation gives it. Looked up when called,
 * not held in a module-level table: the manager layout's chunk and this one import each other's icons, and
 * a table filled while the chunks load would hold an icon not yet defined.
 */
function listPage(list: SavedViewList): ListPage {
  if (list === 'users') return { to: '/manager/users', icon: Users };
  if (list === 'repositories') return { to: '/manager/repositories', icon: FolderGit2 };
  return { to: '/manager/audit', icon: ScrollText };
}

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
  if (view.list === 'users') {
    return <Link to="/manager/users" search={userListSearch.parse(view.search)} {...shared} />;
  }
  if (view.list === 'repositories') {
    return (
      <Link to="/manager/repositories" search={platformRepositoryListSearch.parse(view.search)} {...shared} />
    );
  }
  return <Link to="/manager/audit" search={auditSearch.parse(view.search)} {...shared} />;
}
