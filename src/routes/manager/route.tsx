import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppWindow, LayoutDashboard, UserRound } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { areaSsr } from '@/lib/area-ssr';
import type { NavItem } from '@/components/layout/area-nav';
import { AreaSkeleton } from '@/components/layout/area-skeleton';
import type { NavGroup } from '@/components/layout/sidebar';
import { entities } from '@/entities';
import { readSidebarOpen } from '@/components/layout/sidebar-state';
import { SidebarAreaLayout } from '@/features/auth/components/sidebar-area-layout';
import { requireArea } from '@/features/auth/guards';
import { CommandPaletteLauncher } from '@/features/command/components/command-palette-launcher';
import { useSavedViewPages } from '@/features/saved-view/components/saved-view-link';
import { SavedViewsNav } from '@/features/saved-view/components/saved-views-nav';
import { savedViewQueries } from '@/features/saved-view/queries';
import { LanguageSelect, ThemeSelect } from '@/components/layout/preference-selects';

export const Route = createFileRoute('/manager')({
  // AREA_SSR: rendered on the server, or only its data (the skeleton until the browser renders the page).
  ssr: areaSsr,
  pendingComponent: ManagerSkeleton,
  beforeLoad: ({ context, location }) => requireArea(context, location.href, 'manager'),
  // Read from the request on the server render, so the sidebar has its remembered width from the first paint.
  // The saved views are in the sidebar's first paint too (a failure leaves them to the sidebar's own query).
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(savedViewQueries.list()).catch(() => undefined);
    return { sidebarOpen: readSidebarOpen() };
  },
  component: ManagerLayout,
});

/** The entities' pages in one group of the manager's sidebar, in the registry's order (src/entities.ts). */
function entityItems(t: TFunction, group: 'application' | 'configuration'): NavItem[] {
  return Object.values(entities).flatMap((entity) =>
    'nav' in entity && 'manager' in entity.nav && entity.nav.manager.group === group
      ? [{ to: entity.nav.manager.to, label: t(entity.nav.manager.label), icon: entity.icon }]
      : [],
  );
}

function ManagerLayout() {
  const { t } = useTranslation();
  const { sidebarOpen } = Route.useLoaderData();
  const savedViewPages = useSavedViewPages();
  const groups: NavGroup[] = [
    {
      label: t('sidebar.groups.application'),
      items: [
        { to: '/manager/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard },
        ...entityItems(t, 'application'),
      ],
    },
    { label: t('sidebar.groups.configuration'), items: entityItems(t, 'configuration') },
  ];
  return (
    <SidebarAreaLayout
      home="/manager/dashboard"
      accountTo="/manager/account"
      groups={groups}
      navExtra={(nav) => <SavedViewsNav {...nav} />}
      defaultOpen={sidebarOpen}
      palette={
        <CommandPaletteLauncher
          area="manager"
          pages={[
            ...groups.flatMap((group) => group.items),
            ...savedViewPages,
            { to: '/manager/account', label: t('nav.account'), icon: UserRound },
            { to: '/app', label: t('sidebar.openApp'), icon: AppWindow },
          ]}
        />
      }
      preferences={
        <>
          <ThemeSelect className="max-w-none" />
          <LanguageSelect className="max-w-none" />
        </>
      }
    >
      <Outlet />
    </SidebarAreaLayout>
  );
}

function ManagerSkeleton() {
  return <AreaSkeleton sidebar={readSidebarOpen()} />;
}
