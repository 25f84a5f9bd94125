import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { VerifyPage } from '@/features/auth/components/verify-page';
import { authQueries } from '@/features/auth/queries';
import { pageTitle } from '@/lib/page-title';
import { isEmail } from '@/lib/email';
import { searchDefaults, verifySearch } from '@/lib/search-params';

export const Route = createFileRoute('/login/verify')({
  validateSearch: verifySearch,
  search: { middlewares: [stripSearchParams(searchDefaults.verify)] },
  beforeLoad: ({ search }) => {
    // Without a valid target address there is nothing to verify: start over, keeping where to go after.
    if (!isEmail(search.email)) {
      throw redirect({ to: '/login', search: search.redirect ? { redirect: search.redirect } : {} });
    }
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(authQueries.config()),
  head: pageTitle('pages.verify'),
  component: VerifyScreen,
});

function VerifyScreen() {
  const { email, redirect, error } = Route.useSearch();
  return <VerifyPage email={email} redirect={redirect} error={error} />;
}
