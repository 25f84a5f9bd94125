import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { searchDefaults, zAccountSearch } from '@/lib/search-params';

export const Route = createFileRoute('/manager/account')({
  validateSearch: zAccountSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.account)] },
  head: pageTitle('pages.account'),
  component: ManagerAccountScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function ManagerAccountScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.account')} />;
}
