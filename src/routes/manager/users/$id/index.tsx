import { createFileRoute, notFound } from '@tanstack/react-router';
import { AuditList } from '@/features/audit/components/audit-list';
import { requireScreenPermission } from '@/features/auth/guards';
import { UserDetailPage } from '@/features/user/components/user-detail-page';
import { userQueries } from '@/features/user/queries';
import { errorCodeOf } from '@/lib/errors';
import { withProductName } from '@/lib/i18n/i18n-for';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/$id/')({
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['list'] }),
  loader: async ({ context, params }) => {
    try {
      const user = await context.queryClient.ensureQueryData(userQueries.detail(params.id));
      return { name: user.name || user.email };
    } catch (error) {
      if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  // The user's own name titles the tab; the generic title only while it is unknown.
  head: (context) =>
    context.loaderData
      ? { meta: [{ title: withProductName(context.loaderData.name) }] }
      : pageTitle('pages.user')(context),
  component: ManagerUserScreen,
});

function ManagerUserScreen() {
  const { id } = Route.useParams();
  return <UserDetailPage id={id} activity={<AuditList userId={id} />} />;
}
