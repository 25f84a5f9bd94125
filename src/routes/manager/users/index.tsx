import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { SaveViewButton } from '@/features/saved-view/components/save-view-button';
import { UserListPage } from '@/features/user/components/user-list-page';
import { userQueries } from '@/features/user/queries';
import { userListDefaults, userListSearch } from '@/features/user/search';
import { loadList } from '@/lib/list-loader';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/')({
  validateSearch: userListSearch,
  search: { middlewares: [stripSearchParams(userListDefaults)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['list'] }),
  // A failed first page is shown by the list itself (error with Retry), not by the route's error page;
  // in the browser the list's skeleton shows while a slow first page loads (loadList).
  loader: ({ context, deps }) =>
    loadList(context.queryClient.ensureInfiniteQueryData(userQueries.list(deps)).catch(() => undefined)),
  head: pageTitle('user:pages.list'),
  component: ManagerUsersScreen,
});

function ManagerUsersScreen() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UserListPage
      view={view}
      // Replace: Back leaves the page instead of replaying every filter change.
      onViewChange={(change) =>
        void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })
      }
      viewActions={<SaveViewButton list="users" search={view} />}
    />
  );
}
