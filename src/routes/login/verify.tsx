import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { pageTitle } from '@/lib/page-title';
import { isEmail, searchDefaults, zVerifySearch } from '@/lib/search-params';

export const Route = createFileRoute('/login/verify')({
  validateSearch: zVerifySearch,
  search: { middlewares: [stripSearchParams(searchDefaults.verify)] },
  beforeLoad: ({ search }) => {
    // Without a valid target address there is nothing to verify: start over, keeping where to go after.
    if (!isEmail(search.email)) {
      throw redirect({ to: '/login', search: search.redirect ? { redirect: search.redirect } : {} });
    }
  },
  head: pageTitle('pages.verify'),
  component: VerifyScreen,
});

// The screen's contents arrive with sign-in; until then the route renders its layout and title.
function VerifyScreen() {
  const { t } = useTranslation();
  return <Page title={t('pages.verify')} />;
}
