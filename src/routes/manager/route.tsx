import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaLayout } from '@/features/auth/components/area-layout';
import { requireArea } from '@/features/auth/guards';

export const Route = createFileRoute('/manager')({
  beforeLoad: ({ context, location }) => requireArea(context, location.href, 'manager'),
  component: ManagerLayout,
});

const navClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground';
const activeClass = 'bg-muted text-foreground';

function ManagerLayout() {
  const { t } = useTranslation();
  const nav = (
    <>
      <Link
        to="/manager/dashboard"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.dashboard')}
      </Link>
      <Link
        to="/manager/repositories"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.repositories')}
      </Link>
      <Link
        to="/manager/users"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.users')}
      </Link>
      <Link
        to="/manager/account"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.account')}
      </Link>
    </>
  );
  return (
    <AreaLayout home="/manager/dashboard" nav={nav}>
      <Outlet />
    </AreaLayout>
  );
}
