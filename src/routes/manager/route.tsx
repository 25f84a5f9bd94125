import { createFileRoute, Outlet } from '@tanstack/react-router';
import { FolderGit2, LayoutDashboard, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '@/components/layout/area-nav';
import { AreaLayout } from '@/features/auth/components/area-layout';
import { requireArea } from '@/features/auth/guards';

export const Route = createFileRoute('/manager')({
  beforeLoad: ({ context, location }) => requireArea(context, location.href, 'manager'),
  component: ManagerLayout,
});

function ManagerLayout() {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: '/manager/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard },
    { to: '/manager/repositories', label: t('nav.repositories'), icon: FolderGit2 },
    { to: '/manager/users', label: t('nav.users'), icon: Users },
    { to: '/manager/account', label: t('nav.account'), icon: UserRound },
  ];
  return (
    <AreaLayout home="/manager/dashboard" items={items}>
      <Outlet />
    </AreaLayout>
  );
}
