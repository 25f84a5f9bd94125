import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaLayout } from '@/features/auth/components/area-layout';
import { requireArea } from '@/features/auth/guards';

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => requireArea(context, location.href, 'app'),
  component: AppLayout,
});

const navClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground';
const activeClass = 'bg-muted text-foreground';

function AppLayout() {
  const { t } = useTranslation();
  const nav = (
    <>
      <Link
        to="/app"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
        activeOptions={{ exact: true }}
      >
        {t('nav.home')}
      </Link>
      <Link
        to="/app/repositories"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.repositories')}
      </Link>
      <Link
        to="/app/account"
        className={navClass}
        activeProps={{ 'aria-current': 'page', className: activeClass }}
      >
        {t('nav.account')}
      </Link>
    </>
  );
  return (
    <AreaLayout home="/app" nav={nav}>
      <Outlet />
    </AreaLayout>
  );
}
