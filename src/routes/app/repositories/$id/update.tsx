import { createFileRoute } from '@tanstack/react-router';
import { requireOrganizationScreen } from '@/features/organization/guards';
import { RepositoryUpdatePage } from '@/features/repository/components/repository-editor-pages';
import { repositoryOwnerOf, repositoryQueries } from '@/features/repository/queries';
import { loadNamedItem, pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/app/repositories/$id/update')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireOrganizationScreen(context, { repository: ['update'] }),
  loader: ({ context, params }) =>
    loadNamedItem(
      () =>
        context.queryClient.ensureQueryData(
          repositoryQueries.detail(repositoryOwnerOf(context.queryClient, 'app'), params.id),
        ),
      (repository) => repository.name,
    ),
  head: pageTitle('repository:pages.update'),
  component: AppRepositoryUpdateScreen,
});

function AppRepositoryUpdateScreen() {
  const { id } = Route.useParams();
  return <RepositoryUpdatePage area="app" id={id} />;
}
