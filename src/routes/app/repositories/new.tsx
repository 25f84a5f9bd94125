import { createFileRoute } from '@tanstack/react-router';
import { requireOrganizationScreen } from '@/features/organization/guards';
import { RepositoryCreatePage } from '@/features/repository/components/repository-editor-pages';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/app/repositories/new')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireOrganizationScreen(context, { repository: ['create'] }),
  head: pageTitle('repository:pages.create'),
  component: AppRepositoryCreateScreen,
});

function AppRepositoryCreateScreen() {
  return <RepositoryCreatePage area="app" />;
}
