import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { RepositoryUpdatePage } from '@/features/repository/components/repository-editor-pages';
import { repositoryQueries } from '@/features/repository/queries';
import { loadNamedItem, pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/$id/update')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireScreenPermission(context, { repository: ['update'] }),
  loader: ({ context, params }) =>
    loadNamedItem(
      () => context.queryClient.ensureQueryData(repositoryQueries.detail({ area: 'manager' }, params.id)),
      (repository) => repository.name,
    ),
  head: pageTitle('repository:pages.update'),
  component: ManagerRepositoryUpdateScreen,
});

function ManagerRepositoryUpdateScreen() {
  const { id } = Route.useParams();
  return <RepositoryUpdatePage area="manager" id={id} />;
}
