import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RepositoryListPage } from '@/features/repository/components/repository-list-page';
import { SaveViewButton } from '@/features/saved-view/components/save-view-button';
import { repositoryQueries } from '@/features/repository/queries';
import { platformRepositoryListDefaults, platformRepositoryListSearch } from '@/features/repository/search';
import { loadList } from '@/lib/list-loader';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/')({
  validateSearch: platformRepositoryListSearch,
  search: { middlewares: [stripSearchParams(platformRepositoryListDefaults)] },
  loaderDeps: ({ search }) => search,
  // A failed first page is shown by the list itself (error with Retry), not by the route's error page;
  // in the browser the list's skeleton shows while a slow first page loads (loadList).
  loader: ({ context, deps }) =>
    loadList(
      context.queryClient
        .ensureInfiniteQueryData(repositoryQueries.list({ area: 'manager' }, deps))
        .catch(() => undefined),
    ),
  head: pageTitle('repository:pages.list'),
  component: ManagerRepositoriesScreen,
});

function ManagerRepositoriesScreen() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RepositoryListPage
      area="manager"
      view={view}
      // Replace: Back leaves the page instead of replaying the search keystroke by keystroke.
      onViewChange={(change) =>
        void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })
      }
      viewActions={<SaveViewButton list="repositories" search={view} />}
    />
  );
}
