import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { UpdateUserPage } from '@/features/user/components/update-user-page';
import { userQueries } from '@/features/user/queries';
import { errorCodeOf } from '@/lib/errors';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/$id/update')({
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['update'] }),
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(userQueries.detail(params.id));
    } catch (error) {
      if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: pageTitle('pages.updateUser'),
  component: ManagerUserUpdateScreen,
});

function ManagerUserUpdateScreen() {
  const { id } = Route.useParams();
  return <UpdateUserPage id={id} />;
}
