import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { RepositoryUpdatePage } from '@/features/repository/components/repository-editor-pages';
import { repositoryQueries } from '@/features/repository/queries';
import { errorCodeOf } from '@/lib/errors';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/$id/update')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireScreenPermission(context, { repository: ['update'] }),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(repositoryQueries.detail(params.id));
    } catch (error) {
      if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: pageTitle('pages.updateRepository'),
  component: ManagerRepositoryUpdateScreen,
});

function ManagerRepositoryUpdateScreen() {
  const { id } = Route.useParams();
  return <RepositoryUpdatePage id={id} />;
}
