import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { authQueries, useSession } from '@/features/auth/queries';
import { organizationCan } from '@/features/auth/permissions';
import { organizationQueries } from '@/features/organization/queries';

/**
 * After a create refused for the plan's limit (PLAN_LIMIT_REACHED): the way to the plans, for the active
 * organization's owners (who may change its plan) while billing is on; nothing for anyone else.
 */
export function PlanUpgradeLink() {
  const { t } = useTranslation('billing');
  const organizationId = useSession()?.session.activeOrganizationId;
  const { data: mine } = useQuery(organizationQueries.mine());
  const { data: config } = useQuery(authQueries.config());
  const active = mine?.find((organization) => organization.id === organizationId);
  if (!config?.billing || !active || !organizationCan(active.role, { billing: ['update'] })) return null;
  return (
    <Link to="/app/organization" hash="billing" className="font-medium underline underline-offset-4">
      {t('upgradeLink')}
    </Link>
  );
}
