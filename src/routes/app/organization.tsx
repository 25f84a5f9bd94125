import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysSection } from '@/features/api-key/components/api-keys-section';
import { BillingSectionSlot } from '@/features/billing/components/billing-gate';
import { authQueries, useSession } from '@/features/auth/queries';
import { OrganizationSettingsPage } from '@/features/organization/components/organization-settings-page';
import { TeamsSection } from '@/features/organization/components/teams-section';
import { WebhooksSection } from '@/features/webhook/components/webhooks-section';
import { organizationQueries } from '@/features/organization/queries';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/app/organization')({
  loader: async ({ context: { queryClient } }) => {
    const organizationId = queryClient.getQueryData(authQueries.session().queryKey)?.session
      .activeOrganizationId;
    if (!organizationId) return;
    await Promise.all([
      queryClient.ensureQueryData(organizationQueries.active(organizationId)),
      queryClient.ensureQueryData(organizationQueries.teams(organizationId)),
    ]);
  },
  head: pageTitle('organization:settings.title'),
  component: OrganizationScreen,
});

function OrganizationScreen() {
  // The session's organization: switching organization here shows the new one's screen at once.
  const organizationId = useSession()?.session.activeOrganizationId;
  if (!organizationId) return null;
  return (
    <OrganizationSettingsPage
      organizationId={organizationId}
      teams={<TeamsSection />}
      integrations={(role) => (
        <>
          <BillingSectionSlot organizationId={organizationId} role={role} />
          <ApiKeysSection organizationId={organizationId} role={role} />
          <WebhooksSection organizationId={organizationId} role={role} />
        </>
      )}
    />
  );
}
