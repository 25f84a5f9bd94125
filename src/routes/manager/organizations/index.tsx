import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { OrganizationListPage } from '@/features/organization/components/organization-list-page';
import { platformOrganizationQueries } from '@/features/organization/queries';
import { organizationListDefaults, organizationListSearch } from '@/features/organization/search';
import { loadList } from '@/lib/list-loader';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/organizations/')({
  validateSearch: organizationListSearch,
  search: { middlewares: [stripSearchParams(organizationListDefaults)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context }) => requireScreenPermission(context, { organization: ['list'] }),
  // A failed first page is shown by the list itself (error with Retry), not by the route's error page;
  // in the browser the list's skeleton shows while a slow first page loads (loadList).
  loader: ({ context, deps }) =>
    loadList(
      context.queryClient
        .ensureInfiniteQueryData(platformOrganizationQueries.list(deps))
        .catch(() => undefined),
    ),
  head: pageTitle('organization:manager.pages.list'),
  component: ManagerOrganizationsScreen,
});

function ManagerOrganizationsScreen() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrganizationListPage
      view={view}
      // Replace: Back leaves the page instead of replaying the search keystroke by keystroke.
      onViewChange={(change) =>
        void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })
      }
    />
  );
}
