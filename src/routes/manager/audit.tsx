import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AuditPage } from '@/features/audit/components/audit-page';
import { auditQueries } from '@/features/audit/queries';
import { auditSearch, auditViewDefaults, filtersOfView } from '@/features/audit/search';
import { requireScreenPermission } from '@/features/auth/guards';
import { SaveViewButton } from '@/features/saved-view/components/save-view-button';
import { loadList } from '@/lib/list-loader';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/audit')({
  validateSearch: auditSearch,
  search: { middlewares: [stripSearchParams(auditViewDefaults)] },
  loaderDeps: ({ search }) => search,
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['list'] }),
  // A failed first page is shown by the list itself (error with Retry), not by the route's error page.
  loader: ({ context, deps }) =>
    loadList(
      context.queryClient
        .ensureInfiniteQueryData(auditQueries.list(filtersOfView(deps)))
        .catch(() => undefined),
    ),
  head: pageTitle('audit:pages.list'),
  component: ManagerAuditScreen,
});

function ManagerAuditScreen() {
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuditPage
      view={view}
      viewActions={<SaveViewButton list="audit" search={view} />}
      // Replace: Back leaves the page instead of replaying every filter change.
      onViewChange={(change) =>
        void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true })
      }
    />
  );
}
