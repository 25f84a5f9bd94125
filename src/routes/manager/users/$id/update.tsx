import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { UserUpdatePage } from '@/features/user/components/user-update-page';
import { userQueries } from '@/features/user/queries';
import { loadNamedItem, pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/$id/update')({
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['update'] }),
  loader: ({ context, params }) =>
    loadNamedItem(
      () => context.queryClient.ensureQueryData(userQueries.detail(params.id)),
      (user) => user.name || user.email,
    ),
  head: pageTitle('user:pages.update'),
  component: ManagerUserUpdateScreen,
});

function ManagerUserUpdateScreen() {
  const { id } = Route.useParams();
  return <UserUpdatePage id={id} />;
}
