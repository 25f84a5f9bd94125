import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FolderGit2, type LucideIcon, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { platformRepositoryListSearch } from '@/features/repository/search';
import { userListSearch } from '@/features/user/search';
import type { SavedViewList, ViewSearch } from '../lists';
import { savedViewQueries } from '../queries';
import type { SavedView } from '../schema';

/** The lists whose pages the manager area has: their path and the icon its navigation gives them. */
const pages = {
  users: { to: '/manager/users', icon: Users },
  repositories: { to: '/manager/repositories', icon: FolderGit2 },
} as const satisfies Partial<Record<SavedViewList, { to: string; icon: LucideIcon }>>;

const hasPage = (list: SavedViewList): list is keyof typeof pages => Object.hasOwn(pages, list);

/** The icon of a view's list, or none while the list has no page to open. */
export function savedViewIcon(view: SavedView): LucideIcon | undefined {
  return hasPage(view.list) ? pages[view.list].icon : undefined;
}

/** The admin's views as pages of the command palette: each its list with the view's search. */
export function useSavedViewPages(): {
  id: string;
  to: (typeof pages)[keyof typeof pages]['to'];
  search: ViewSearch;
  label: string;
  icon: LucideIcon;
}[] {
  const { data: views = [] } = useQuery(savedViewQueries.list());
  return views.flatMap((view) =>
    hasPage(view.list)
      ? [{ id: `view:${view.id}`, ...pages[view.list], search: view.search, label: view.name }]
      : [],
  );
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
  return null;
}
