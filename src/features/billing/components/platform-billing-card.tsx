import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DescriptionItem } from '@/components/ui/description-item';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { billingQueries } from '../queries';
import { StatusBadge } from './plan-labels';

/** The manager's view of an organization's plan: plan, subscription state, seats, period and Stripe customer. */
export function PlatformBillingCard({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation('billing');
  const { data, isPending, isError } = useQuery(billingQueries.platform(organizationId));
  if (data === null || isError) return null;
  const date = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <SectionCard title={t('manager.title')}>
      {isPending || !data ? (
        <Skeleton className="h-16" />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          <DescriptionItem label={t('manager.plan')}>
            {t(`plans.${data.plan}.name`)}
            {data.interval ? ` · ${t(`intervals.${data.interval}`)}` : ''}
          </DescriptionItem>
          <DescriptionItem label={t('manager.status')}>
            <StatusBadge status={data.status} />
          </DescriptionItem>
          <DescriptionItem label={t('manager.seats')}>
            {data.seats === null ? t('manager.none') : numberFormat(i18n.language).format(data.seats)}
          </DescriptionItem>
          <DescriptionItem label={t('manager.periodEnd')}>
            {data.currentPeriodEnd ? (
              <time dateTime={data.currentPeriodEnd}>{date(data.currentPeriodEnd)}</time>
            ) : (
              t('manager.none')
            )}
          </DescriptionItem>
          {data.graceEndsAt ? (
            <DescriptionItem label={t('manager.graceEnds')}>
              <time dateTime={data.graceEndsAt}>{date(data.graceEndsAt)}</time>
            </DescriptionItem>
          ) : null}
          <DescriptionItem label={t('manager.customer')}>
            {data.stripeCustomerId ? (
              <code dir="ltr" className="text-sm break-all">
                {data.stripeCustomerId}
              </code>
            ) : (
              t('manager.none')
            )}
          </DescriptionItem>
        </dl>
      )}
    </SectionCard>
  );
}
