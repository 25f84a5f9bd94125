import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/new')({
  head: pageTitle('pages.newRepository'),
  component: ManagerRepositoriesNewScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function ManagerRepositoriesNewScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.newRepository')} />;
}
