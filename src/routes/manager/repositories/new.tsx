import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { RepositoryCreatePage } from '@/features/repository/components/repository-editor-pages';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/repositories/new')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireScreenPermission(context, { repository: ['create'] }),
  head: pageTitle('repository:pages.create'),
  component: RepositoryCreatePage,
});
