import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LoginErrorPage } from '@/features/auth/components/login-error-page';
import { pageTitle } from '@/lib/page-title';
import { loginErrorSearch, searchDefaults } from '@/lib/search-params';

export const Route = createFileRoute('/login/error')({
  validateSearch: loginErrorSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.loginError)] },
  head: pageTitle('pages.loginError'),
  component: LoginErrorScreen,
});

function LoginErrorScreen() {
  const { error } = Route.useSearch();
  return <LoginErrorPage error={error} />;
}
