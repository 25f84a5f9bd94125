import { createFileRoute } from '@tanstack/react-router';
import { PlatformApiKeysCard } from '@/features/api-key/components/api-keys-section';
import { PlatformBillingSlot } from '@/features/billing/components/billing-gate';
import { AuditList } from '@/features/audit/components/audit-list';
import { requireScreenPermission } from '@/features/auth/guards';
import { OrganizationDetailPage } from '@/features/organization/components/organization-detail-page';
import { platformOrganizationQueries } from '@/features/organization/queries';
import { loadNamedItem, namedItemTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/organizations/$id/')({
  staticData: { layout: 'desktop-only' },
  beforeLoad: ({ context }) => requireScreenPermission(context, { organization: ['list'] }),
  loader: ({ context, params }) =>
    loadNamedItem(
      () => context.queryClient.ensureQueryData(platformOrganizationQueries.detail(params.id)),
      (organization) => organization.name,
    ),
  // The organization's own name titles the tab; the generic title only while it is unknown.
  head: namedItemTitle('organization:manager.pages.detail'),
  component: ManagerOrganizationScreen,
});

function ManagerOrganizationScreen() {
  const { id } = Route.useParams();
  return (
    <OrganizationDetailPage
      id={id}
      integrations={
        <>
          <PlatformBillingSlot organizationId={id} />
          <PlatformApiKeysCard organizationId={id} />
        </>
      }
      activity={<AuditList organizationId={id} />}
    />
  );
}
