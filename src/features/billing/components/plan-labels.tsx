import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Badge } from '@/components/ui/badge';
import { entities } from '@/entities';
import { numberFormat } from '@/lib/intl';
import type { BillingInterval, Plan } from '../plans';

// How a plan's price, limits and subscription state read, on the owner's section and the manager's page.

/** A limited thing's name: members, or a tenant-owned entity by its navigation label (a generated one too). */
export function limitLabel(t: TFunction, key: string): string {
  const entity = Object.values(entities).find(
    (entry) => 'tenantOwned' in entry && entry.tenantOwned.plural === key,
  );
  const fallback = entity && 'nav' in entity && 'app' in entity.nav ? t(entity.nav.app.label) : key;
  return t(`billing:limits.${key}`, { defaultValue: fallback });
}

export function LimitLabel({ limit, count }: { limit: string; count: number | undefined }) {
  const { t } = useTranslation('billing');
  const label = limitLabel(t, limit);
  return <>{count === undefined ? t('limits.unlimited', { label }) : t('limits.upTo', { label, count })}</>;
}

export function PlanPrice({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const { t, i18n } = useTranslation('billing');
  if (!plan.price) return <>{t('price.free')}</>;
  const cents = plan.price[interval];
  const amount = numberFormat(i18n.language, {
    style: 'currency',
    currency: appConfig.billing.currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
  return <>{t(`price.${plan.perSeat ? 'seat' : 'flat'}.${interval}`, { amount })}</>;
}

const STATUS_TONE: Record<string, 'secondary' | 'warning' | 'destructive' | 'outline'> = {
  active: 'secondary',
  trialing: 'secondary',
  past_due: 'warning',
  unpaid: 'destructive',
  incomplete: 'warning',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('billing');
  return (
    <Badge variant={STATUS_TONE[status] ?? 'outline'}>
      {t(`status.${status}`, { defaultValue: t('status.none') })}
    </Badge>
  );
}
