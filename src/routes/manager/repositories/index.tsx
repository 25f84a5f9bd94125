import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { searchDefaults, zListSearch } from '@/lib/search-params';

export const Route = createFileRoute('/manager/repositories/')({
  validateSearch: zListSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.list)] },
  head: pageTitle('pages.repositories'),
  component: ManagerRepositoriesScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function ManagerRepositoriesScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.repositories')} />;
}
