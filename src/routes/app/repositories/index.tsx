import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RepositoryListPage } from '@/features/repository/components/repository-list-page';
import { repositoryQueries } from '@/features/repository/queries';
import { pageTitle } from '@/lib/page-title';
import { listSearch, searchDefaults } from '@/lib/search-params';

export const Route = createFileRoute('/app/repositories/')({
  validateSearch: listSearch,
  search: { middlewares: [stripSearchParams(searchDefaults.list)] },
  loaderDeps: ({ search }) => ({ searchTerm: search.searchTerm }),
  // A failed first page is shown by the list itself (error with Retry), not by the route's error page.
  loader: ({ context, deps }) =>
    context.queryClient
      .ensureInfiniteQueryData(repositoryQueries.list(deps.searchTerm))
      .catch(() => undefined),
  head: pageTitle('repository:pages.list'),
  component: AppRepositoriesScreen,
});

function AppRepositoriesScreen() {
  const { searchTerm } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RepositoryListPage
      searchTerm={searchTerm}
      // Replace: Back leaves the page instead of replaying the search keystroke by keystroke.
      onSearchTermChange={(term) => void navigate({ search: { searchTerm: term }, replace: true })}
    />
  );
}
