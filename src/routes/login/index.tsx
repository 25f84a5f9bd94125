import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { searchDefaults, zLoginSearch } from '@/lib/search-params';

export const Route = createFileRoute('/login/')({
  validateSearch: zLoginSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.login)] },
  head: pageTitle('pages.login'),
  component: LoginScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function LoginScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.login')} />;
}
