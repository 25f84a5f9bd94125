import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { billingQueries } from '../queries';
import { StatusBadge } from './plan-labels';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-start">{children}</dd>
    </div>
  );
}

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
          <Item label={t('manager.plan')}>
            {t(`plans.${data.plan}.name`)}
            {data.interval ? ` · ${t(`intervals.${data.interval}`)}` : ''}
          </Item>
          <Item label={t('manager.status')}>
            <StatusBadge status={data.status} />
          </Item>
          <Item label={t('manager.seats')}>
            {data.seats === null ? t('manager.none') : numberFormat(i18n.language).format(data.seats)}
          </Item>
          <Item label={t('manager.periodEnd')}>
            {data.currentPeriodEnd ? (
              <time dateTime={data.currentPeriodEnd}>{date(data.currentPeriodEnd)}</time>
            ) : (
              t('manager.none')
            )}
          </Item>
          {data.graceEndsAt ? (
            <Item label={t('manager.graceEnds')}>
              <time dateTime={data.graceEndsAt}>{date(data.graceEndsAt)}</time>
            </Item>
          ) : null}
          <Item label={t('manager.customer')}>
            {data.stripeCustomerId ? (
              <code dir="ltr" className="text-sm break-all">
                {data.stripeCustomerId}
              </code>
            ) : (
              t('manager.none')
            )}
          </Item>
        </dl>
      )}
    </SectionCard>
  );
}
