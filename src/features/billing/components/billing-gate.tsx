import { useQuery } from '@tanstack/react-query';
import { authQueries, useSession } from '@/features/auth/queries';
import { organizationCan } from '@/features/auth/permissions';
import { organizationQueries } from '@/features/organization/queries';
import { lazyPart } from '@/lib/lazy-part';

// The billing screens' code is fetched only where billing is on and the viewer is an owner: with billing
// off (no Stripe variables), no page downloads any of it.

const BillingSection = lazyPart(() => import('./billing-section').then((module) => module.BillingSection));
const BillingNotice = lazyPart(() => import('./billing-notice').then((module) => module.BillingNotice));

/** Whether billing is on, once the (cached, rarely fetched) server configuration says so. */
function useBillingOn(enabled: boolean): boolean {
  const { data } = useQuery({ ...authQueries.config(), enabled });
  return data?.billing === true;
}

/** "Plan and billing" on the organization's screen, for whom the role lets read it. */
export function BillingSectionSlot({ organizationId, role }: { organizationId: string; role: string }) {
  const owner = organizationCan(role, { billing: ['read'] });
  const on = useBillingOn(owner);
  return owner && on ? <BillingSection organizationId={organizationId} role={role} /> : null;
}

/**
 * The active organization when billing is on and the viewer may manage its billing (an owner), else null:
 * who sees the overdue banner and the way to the plans.
 */
export function useBillingOwnedOrganization() {
  const organizationId = useSession()?.session.activeOrganizationId;
  const { data: mine } = useQuery(organizationQueries.mine());
  const active = mine?.find((organization) => organization.id === organizationId);
  const owner = Boolean(active && organizationCan(active.role, { billing: ['update'] }));
  const on = useBillingOn(owner);
  return owner && on ? (active ?? null) : null;
}

/** The overdue-payment banner above every app page, for the active organization's owners. */
export function BillingNoticeSlot() {
  const active = useBillingOwnedOrganization();
  return active ? <BillingNotice organizationId={active.id} organizationName={active.name} /> : null;
}

const PlatformBillingCard = lazyPart(() =>
  import('./platform-billing-card').then((module) => module.PlatformBillingCard),
);

/** The organization's plan and subscription on the manager's organization page, when billing is on. */
export function PlatformBillingSlot({ organizationId }: { organizationId: string }) {
  const on = useBillingOn(true);
  return on ? <PlatformBillingCard organizationId={organizationId} /> : null;
}
