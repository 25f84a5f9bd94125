import { Link } from '@tanstack/react-router';
import { FolderGit2, type LucideIcon, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { platformRepositoryListSearch } from '@/features/repository/search';
import { userListSearch } from '@/features/user/search';
import type { SavedViewList } from '../lists';
import type { SavedView } from '../schema';

/** The lists whose pages the manager area has, with the icon its navigation gives them. */
const icons: Partial<Record<SavedViewList, LucideIcon>> = { users: Users, repositories: FolderGit2 };

/** The icon of a view's list, or none while the list has no page to open. */
export function savedViewIcon(view: SavedView): LucideIcon | undefined {
  return icons[view.list];
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
