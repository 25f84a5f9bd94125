import { createFileRoute } from '@tanstack/react-router';
import { AuditList } from '@/features/audit/components/audit-list';
import { requireScreenPermission } from '@/features/auth/guards';
import { UserOrganizationsCard } from '@/features/organization/components/user-organizations-card';
import { UserPasskeysCard } from '@/features/passkey/components/user-passkeys-card';
import { UserDetailPage } from '@/features/user/components/user-detail-page';
import { userQueries } from '@/features/user/queries';
import { loadNamedItem, namedItemTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/users/$id/')({
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['list'] }),
  loader: ({ context, params }) =>
    loadNamedItem(
      () => context.queryClient.ensureQueryData(userQueries.detail(params.id)),
      (user) => user.name || user.email,
    ),
  // The user's own name titles the tab; the generic title only while it is unknown.
  head: namedItemTitle('user:pages.detail'),
  component: ManagerUserScreen,
});

function ManagerUserScreen() {
  const { id } = Route.useParams();
  return (
    <UserDetailPage
      id={id}
      organizations={<UserOrganizationsCard userId={id} />}
      passkeys={<UserPasskeysCard userId={id} />}
      activity={<AuditList userId={id} />}
    />
  );
}
