import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { organizationQueries } from '@/features/organization/queries';
import { RepositoryCreatePage } from '@/features/repository/components/repository-editor-pages';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/new')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireScreenPermission(context, { repository: ['create'] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationQueries.choices()),
  head: pageTitle('repository:pages.create'),
  component: ManagerRepositoryCreateScreen,
});

function ManagerRepositoryCreateScreen() {
  return <RepositoryCreatePage area="manager" />;
}
