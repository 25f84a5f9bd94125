import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from '@/components/layout/site-header';

export const Route = createFileRoute('/manager')({
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
    <div className="flex min-h-dvh flex-col">
      <SiteHeader home="/manager/dashboard" nav={nav} />
      <Outlet />
    </div>
  );
}
