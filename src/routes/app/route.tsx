import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppWindow, House, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { areaSsr } from '@/lib/area-ssr';
import type { NavItem } from '@/components/layout/area-nav';
import { AreaSkeleton } from '@/components/layout/area-skeleton';
import { entities } from '@/entities';
import { AreaLayout } from '@/features/auth/components/area-layout';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { BillingNoticeSlot } from '@/features/billing/components/billing-gate';
import { CommandPaletteLauncher } from '@/features/command/components/command-palette-launcher';
import type { PalettePage } from '@/features/command/components/command-palette';
import { requireArea } from '@/features/auth/guards';
import { OrganizationSwitcher } from '@/features/organization/components/organization-switcher';
import { requireWorkspace } from '@/features/organization/guards';

export const Route = createFileRoute('/app')({
  // AREA_SSR: rendered on the server, or only its data (the skeleton until the browser renders the page).
  ssr: areaSsr,
  pendingComponent: AreaSkeleton,
  beforeLoad: async ({ context, location }) => {
    await requireArea(context, location.href, 'app');
    await requireWorkspace(context);
  },
  component: AppLayout,
});

function AppLayout() {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: '/app', label: t('nav.home'), icon: House, exact: true },
    // Each entity's page in the app area, in the registry's order (src/entities.ts).
    ...Object.values(entities).flatMap((entity) =>
      'nav' in entity && 'app' in entity.nav
        ? [{ to: entity.nav.app.to, label: t(entity.nav.app.label), icon: entity.icon }]
        : [],
    ),
    { to: '/app/account', label: t('nav.account'), icon: UserRound },
  ];
  const session = useSession();
  const pages: PalettePage[] = [
    ...items,
    ...(roleCan(session?.user.role, { apps: ['manager'] })
      ? [{ to: '/manager' as const, label: t('home.manager'), icon: AppWindow }]
      : []),
  ];
  return (
    <AreaLayout
      home="/app"
      items={items}
      context={<OrganizationSwitcher />}
      palette={<CommandPaletteLauncher area="app" pages={pages} />}
    >
      <BillingNoticeSlot />
      <Outlet />
    </AreaLayout>
  );
}
