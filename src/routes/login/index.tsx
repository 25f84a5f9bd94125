import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { redirectSignedIn } from '@/features/auth/guards';
import { authQueries } from '@/features/auth/queries';
import { pageTitle } from '@/lib/page-title';
import { loginSearch, searchDefaults } from '@/lib/search-params';

export const Route = createFileRoute('/login/')({
  validateSearch: loginSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.login)] },
  beforeLoad: ({ context, search }) => redirectSignedIn(context, search.redirect),
  loader: ({ context }) => context.queryClient.ensureQueryData(authQueries.config()),
  head: pageTitle('pages.login'),
  component: LoginScreen,
});

function LoginScreen() {
  const { redirect, email, error } = Route.useSearch();
  return <LoginPage redirect={redirect} email={email} error={error} />;
}
