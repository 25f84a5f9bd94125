import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBillingOwnedOrganization } from './billing-gate';

/**
 * After a create refused for the plan's limit (PLAN_LIMIT_REACHED): the way to the plans, for the active
 * organization's owners (who may change its plan) while billing is on; nothing for anyone else.
 */
export function PlanUpgradeLink() {
  const { t } = useTranslation('billing');
  if (!useBillingOwnedOrganization()) return null;
  return (
    <Link to="/app/organization" hash="billing" className="font-medium underline underline-offset-4">
      {t('upgradeLink')}
    </Link>
  );
}
