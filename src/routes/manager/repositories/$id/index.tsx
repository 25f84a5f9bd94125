import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/$id/')({
  head: pageTitle('pages.repository'),
  component: ManagerRepositoriesIdScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function ManagerRepositoriesIdScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.repository')} />;
}
