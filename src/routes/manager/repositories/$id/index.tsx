import { createFileRoute, notFound } from '@tanstack/react-router';
import { RepositoryDetailPage } from '@/features/repository/components/repository-detail-page';
import { repositoryQueries } from '@/features/repository/queries';
import { errorCodeOf } from '@/lib/errors';
import { withProductName } from '@/lib/i18n/i18n-for';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/$id/')({
  staticData: { layout: 'desktop-only' },
  loader: async ({ context, params }) => {
    try {
      const repository = await context.queryClient.ensureQueryData(repositoryQueries.detail(params.id));
      return { name: repository.name };
    } catch (error) {
      if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  // The repository's own name titles the tab; the generic title only while it is unknown.
  head: (context) =>
    context.loaderData
      ? { meta: [{ title: withProductName(context.loaderData.name) }] }
      : pageTitle('pages.repository')(context),
  component: ManagerRepositoryScreen,
});

function ManagerRepositoryScreen() {
  const { id } = Route.useParams();
  return <RepositoryDetailPage id={id} area="manager" />;
}
