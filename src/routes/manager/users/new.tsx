import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/new')({
  head: pageTitle('pages.newUser'),
  component: ManagerUsersNewScreen,
});

// The screen's contents arrive with their feature; until then the route renders its layout and title.
function ManagerUsersNewScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.newUser')} />;
}
