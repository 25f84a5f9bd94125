import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { searchDefaults, zLoginErrorSearch } from '@/lib/search-params';

export const Route = createFileRoute('/login/error')({
  validateSearch: zLoginErrorSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.loginError)] },
  head: pageTitle('pages.loginError'),
  component: LoginErrorScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function LoginErrorScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.loginError')} />;
}
