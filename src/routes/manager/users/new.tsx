import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { UserCreatePage } from '@/features/user/components/user-create-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/new')({
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['create'] }),
  head: pageTitle('user:pages.create'),
  component: UserCreatePage,
});
