import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AccountPage, type AccountSearch } from '@/features/account/components/account-page';
import { PasskeysCard } from '@/features/passkey/components/passkeys-card';
import { PreferencesCard } from '@/features/preferences/components/preferences-card';
import { pageTitle } from '@/lib/page-title';
import { accountSearch, searchDefaults } from '@/lib/search-params';

export const Route = createFileRoute('/app/account')({
  validateSearch: accountSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.account)] },
  head: pageTitle('pages.account'),
  component: AppAccountScreen,
});

function AppAccountScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Opening a dialog or waiting for a code is not a place to go back to: the entry is replaced.
  const onSearchChange = (next: Partial<AccountSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  return (
    <AccountPage
      search={search}
      onSearchChange={onSearchChange}
      passkeys={<PasskeysCard />}
      preferences={<PreferencesCard />}
    />
  );
}
