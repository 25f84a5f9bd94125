import { useQuery } from '@tanstack/react-query';
import { Ellipsis } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarGroupFrame, sidebarActiveLinkClass, sidebarLinkClass } from '@/components/layout/sidebar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { savedViewListLabel } from '../lists';
import { savedViewQueries } from '../queries';
import { ManageSavedViewDialog } from './manage-saved-view-dialog';
import { SavedViewLink, savedViewIcon } from './saved-view-link';

/**
 * The sidebar's "Saved views": the admin's views, each a link to its list with its search (the current
 * page when the URL shows exactly that view), and beside it a button to rename or delete it. Collapsed, the
 * icons stay and the names become tooltips; renaming waits for the sidebar to open. Nothing shows until
 * there is a view.
 */
export function SavedViewsNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useTranslation('savedView');
  const { data: views = [] } = useQuery(savedViewQueries.list());
  const shown = views.map((view) => ({ view, Icon: savedViewIcon(view) }));
  if (shown.length === 0) return null;
  return (
    <SidebarGroupFrame label={t('nav.group')} collapsed={collapsed}>
      {shown.map(({ view, Icon }) => (
        <li key={view.id} className="flex min-w-0 items-center gap-1">
          <SavedViewLink
            view={view}
            title={collapsed ? view.name : undefined}
            onClick={onNavigate}
            className={cn(sidebarLinkClass(collapsed), 'min-w-0 flex-1')}
            activeClassName={sidebarActiveLinkClass}
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            <span dir="auto" className={cn('truncate', collapsed && 'sr-only')}>
              {view.name}
            </span>
            <span className="sr-only">({t(savedViewListLabel(view.list))})</span>
          </SavedViewLink>
          {collapsed ? null : (
            <ManageSavedViewDialog view={view}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('nav.manage', { name: view.name })}
                title={t('nav.manage', { name: view.name })}
                className="size-8 text-muted-foreground max-md:size-11"
              >
                <Ellipsis aria-hidden />
              </Button>
            </ManageSavedViewDialog>
          )}
        </li>
      ))}
    </SidebarGroupFrame>
  );
}
