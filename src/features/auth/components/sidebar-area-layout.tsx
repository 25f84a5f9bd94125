import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import {
  type NavGroup,
  Sidebar,
  type SidebarExtra,
  SidebarSheetButton,
  SidebarToggle,
} from '@/components/layout/sidebar';
import { KeyboardShortcuts } from '@/components/layout/keyboard-shortcuts';
import { SidebarProvider } from '@/components/layout/sidebar-context';
import { SidebarSheet } from '@/components/layout/sidebar-sheet';
import { cn } from '@/lib/utils';
import { AreaGate, useDesktopOnly } from './area-gate';
import { UserMenu } from './user-menu';

/**
 * The shell of an area with a sidebar (the manager area): grouped navigation beside the page from 768 px,
 * collapsible to icons (Ctrl/Cmd+B, remembered in a cookie read by the server render: `defaultOpen`);
 * below 768 px a top bar opens it as a sheet. The user menu sits at the sidebar's foot, or in the phone
 * top bar. Onboarding and desktop-only pages behave as in AreaLayout.
 */
export function SidebarAreaLayout({
  home,
  accountTo,
  groups,
  navExtra,
  defaultOpen,
  preferences,
  palette,
  children,
}: {
  home: string;
  accountTo: string;
  groups: NavGroup[];
  /** What the navigation shows after its groups (the manager's saved views), composed by the route. */
  navExtra?: SidebarExtra;
  defaultOpen: boolean;
  /** Display preferences shown in the user menu. */
  preferences?: ReactNode;
  /** The area's command palette (Ctrl/⌘+K), which the route composes from the features it searches. */
  palette?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AreaGate home={home}>
      <SidebarProvider defaultOpen={defaultOpen}>
        <SidebarFrame
          home={home}
          accountTo={accountTo}
          groups={groups}
          navExtra={navExtra}
          preferences={preferences}
        >
          {children}
        </SidebarFrame>
        <KeyboardShortcuts />
        {palette}
      </SidebarProvider>
    </AreaGate>
  );
}

function SidebarFrame({
  home,
  accountTo,
  groups,
  navExtra,
  preferences,
  children,
}: {
  home: string;
  accountTo: string;
  groups: NavGroup[];
  navExtra: SidebarExtra | undefined;
  preferences: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const desktopOnly = useDesktopOnly();
  const brand = (collapsed: boolean) => <Brand home={home} collapsed={collapsed} />;
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:inline-flex focus:min-h-11 focus:items-center"
      >
        {t('actions.skipToContent')}
      </a>
      <Sidebar
        brand={brand}
        groups={groups}
        extra={navExtra}
        footer={<UserMenu placement="sidebar" accountTo={accountTo} preferences={preferences} />}
      />
      <SidebarSheet brand={brand(false)} groups={groups} extra={navExtra} />
      {/* --sticky-top: the bar's height, under which a table's header sticks as the page scrolls. */}
      <div className="flex min-w-0 flex-1 flex-col [--sticky-top:3.5rem]">
        <header
          className={cn(
            'sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-2 pt-[env(safe-area-inset-top)] backdrop-blur sm:px-4',
            desktopOnly && 'max-md:hidden',
          )}
        >
          <SidebarToggle />
          <SidebarSheetButton />
          <div className="min-w-0 flex-1 md:hidden">{brand(false)}</div>
          <UserMenu
            placement="topbar"
            accountTo={accountTo}
            preferences={preferences}
            className="ms-auto md:hidden"
          />
        </header>
        {children}
      </div>
    </div>
  );
}

function Brand({ home, collapsed }: { home: string; collapsed: boolean }) {
  return (
    <Link to={home} className="flex min-h-9 min-w-0 items-center gap-2 px-1.5 font-semibold max-md:min-h-11">
      <img src="/favicon.svg" alt="" width={24} height={24} className="shrink-0" />
      <span className={cn('truncate', collapsed && 'sr-only')}>{appConfig.name}</span>
    </Link>
  );
}
