import { Link, type LinkProps, useMatchRoute, useRouterState } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** One destination of an area's navigation; the same list feeds the top nav and the tab bar. */
export type NavItem = {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (an area's home), not on the pages below it. */
  exact?: boolean;
};

/**
 * A destination's link in any navigation (top bar, tab bar, sidebar): marked as the current page when
 * active, and pulsing while a navigation to it waits for the server.
 */
export function NavLink({
  item,
  className,
  activeClassName,
  title,
  onClick,
  children,
}: {
  item: NavItem;
  className: string;
  activeClassName: string;
  title?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const matchRoute = useMatchRoute();
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });
  const pending = navigating && Boolean(matchRoute({ to: item.to, pending: true, fuzzy: !item.exact }));
  return (
    <Link
      to={item.to}
      title={title}
      onClick={onClick}
      data-pending={pending ? '' : undefined}
      className={cn(className, 'data-pending:animate-pulse motion-reduce:data-pending:animate-none')}
      activeProps={{ 'aria-current': 'page', className: activeClassName }}
      activeOptions={{ exact: item.exact ?? false }}
    >
      {children}
    </Link>
  );
}

/**
 * Desktop navigation in the header, from 768 px up. Past four destinations (each entity the registry adds
 * one) the links show their icon alone below 1280 px, named by their label (read out, and on hover), so the
 * row still fits beside the organization and the account menu in every language (e2e/polish.spec.ts).
 */
export function TopNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const compact = items.length > 4;
  return (
    <nav aria-label={t('nav.label')} className="hidden min-w-0 flex-1 items-center gap-1 md:flex">
      {items.map((item) => (
        <NavLink
          key={item.to}
          item={item}
          title={compact ? item.label : undefined}
          className={cn(
            'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
            compact && 'max-xl:gap-0 max-xl:px-2',
          )}
          activeClassName="bg-muted text-foreground"
        >
          {compact ? <item.icon aria-hidden="true" className="size-4 shrink-0 xl:hidden" /> : null}
          <span className={compact ? 'max-xl:sr-only' : undefined}>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Phone navigation: a tab bar fixed to the bottom, below 768 px. Its padding grows by the device's
 * safe area (the home indicator), which `viewport-fit=cover` exposes.
 */
export function TabBar({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-md">
        {items.map((item) => (
          <li key={item.to} className="min-w-0 flex-1">
            <NavLink
              item={item}
              className="flex h-16 flex-col items-center justify-center gap-1 px-1 text-xs font-medium text-muted-foreground hover:text-foreground"
              activeClassName="text-primary"
            >
              <item.icon aria-hidden="true" className="size-5 shrink-0" />
              <span className="max-w-full truncate">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
