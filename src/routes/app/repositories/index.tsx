import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { searchDefaults, zListSearch } from '@/lib/search-params';

export const Route = createFileRoute('/app/repositories/')({
  validateSearch: zListSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.list)] },
  head: pageTitle('pages.repositories'),
  component: AppRepositoriesScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function AppRepositoriesScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.repositories')} />;
}
