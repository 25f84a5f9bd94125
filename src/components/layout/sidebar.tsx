import { Menu, PanelLeft } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { NavLink, type NavItem } from './area-nav';
import { useSidebar } from './sidebar-context';

/** A titled group of destinations ("Application", "Configuration"). */
export type NavGroup = { label: string; items: NavItem[] };

/** How a navigation's extra part (a feature's own group, like saved views) is drawn, in the sidebar or the sheet. */
export type SidebarExtra = (options: {
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}) => ReactNode;

/**
 * The grouped navigation, in the desktop sidebar and in the phone sheet. `collapsed` keeps only the icons:
 * labels stay for screen readers and as the links' tooltips. `extra` follows the groups (the route composes
 * it from a feature).
 */
export function SidebarNav({
  groups,
  collapsed = false,
  onNavigate,
  extra,
}: {
  groups: NavGroup[];
  collapsed?: boolean;
  onNavigate?: () => void;
  extra?: SidebarExtra;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-4">
      {groups.map((group) => (
        <SidebarGroup key={group.label} group={group} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
      {extra?.({ collapsed, onNavigate })}
    </nav>
  );
}

/** A sidebar link's look, for groups drawn outside this file (`SidebarGroupFrame`). */
export function sidebarLinkClass(collapsed: boolean): string {
  return cn(
    'flex h-9 items-center gap-3 rounded-md px-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground max-md:h-11',
    collapsed && 'justify-center px-0',
  );
}

/** The active link's look. */
export const sidebarActiveLinkClass = 'bg-muted text-foreground';

/** A titled group's frame: its label (for screen readers only when collapsed) over a list of `<li>`. */
export function SidebarGroupFrame({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1">
      <p
        id={labelId}
        className={cn('px-2 text-xs font-medium text-muted-foreground', collapsed && 'sr-only')}
      >
        {label}
      </p>
      <ul aria-labelledby={labelId} className="flex flex-col gap-1">
        {children}
      </ul>
    </div>
  );
}

function SidebarGroup({
  group,
  collapsed,
  onNavigate,
}: {
  group: NavGroup;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}) {
  return (
    <SidebarGroupFrame label={group.label} collapsed={collapsed}>
      {group.items.map((item) => (
        <li key={item.to}>
          <NavLink
            item={item}
            title={collapsed ? item.label : undefined}
            onClick={onNavigate}
            className={sidebarLinkClass(collapsed)}
            activeClassName={sidebarActiveLinkClass}
          >
            <item.icon aria-hidden="true" className="size-4 shrink-0" />
            <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </SidebarGroupFrame>
  );
}

/**
 * The desktop sidebar (from 768 px): brand, navigation and a footer (the user menu), full height beside
 * the page. Its width follows the remembered state from the first paint.
 */
export function Sidebar({
  brand,
  groups,
  extra,
  footer,
}: {
  brand: (collapsed: boolean) => ReactNode;
  groups: NavGroup[];
  extra?: SidebarExtra;
  footer?: ReactNode;
}) {
  const { open } = useSidebar();
  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 hidden h-dvh shrink-0 flex-col gap-4 border-e bg-card p-2 transition-[width] duration-200 motion-reduce:transition-none md:flex',
        open ? 'w-64' : 'w-14',
      )}
    >
      <div className="flex h-10 items-center">{brand(!open)}</div>
      <div className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden">
        <SidebarNav groups={groups} collapsed={!open} extra={extra} />
      </div>
      {footer}
    </aside>
  );
}

/** Collapses or expands the desktop sidebar; the same as Ctrl+B / Cmd+B. */
export function SidebarToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { open, setOpen } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('sidebar.toggle')}
      aria-expanded={open}
      aria-keyshortcuts="Control+B Meta+B"
      title={t('sidebar.toggleHint')}
      onClick={() => setOpen(!open)}
      className={cn('max-md:hidden', className)}
    >
      <PanelLeft aria-hidden className="rtl:-scale-x-100" />
    </Button>
  );
}

/** Opens the navigation sheet on phones (below 768 px). */
export function SidebarSheetButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { sheetOpen, setSheetOpen } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('sidebar.openMenu')}
      aria-haspopup="dialog"
      aria-expanded={sheetOpen}
      onClick={() => setSheetOpen(true)}
      className={cn('md:hidden', className)}
    >
      <Menu aria-hidden />
    </Button>
  );
}
