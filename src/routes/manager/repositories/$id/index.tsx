import { createFileRoute } from '@tanstack/react-router';
import { RepositoryDetailPage } from '@/features/repository/components/repository-detail-page';
import { repositoryQueries } from '@/features/repository/queries';
import { loadNamedItem, namedItemTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/$id/')({
  staticData: { layout: 'desktop-only' },
  loader: ({ context, params }) =>
    loadNamedItem(
      () => context.queryClient.ensureQueryData(repositoryQueries.detail({ area: 'manager' }, params.id)),
      (repository) => repository.name,
    ),
  // The repository's own name titles the tab; the generic title only while it is unknown.
  head: namedItemTitle('repository:pages.detail'),
  component: ManagerRepositoryScreen,
});

function ManagerRepositoryScreen() {
  const { id } = Route.useParams();
  return <RepositoryDetailPage id={id} area="manager" />;
}
