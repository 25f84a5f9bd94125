import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CreditCard, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { organizationCan } from '@/features/auth/permissions';
import { errorCodeOf } from '@/lib/errors';
import { dateTimeFormat } from '@/lib/intl';
import { cn } from '@/lib/utils';
import { type BillingInterval, BILLING_INTERVALS, type Plan, plans } from '../plans';
import { billingMutations, billingQueries } from '../queries';
import type { BillingOverview } from '../schema';
import { LimitLabel, limitLabel, PlanPrice, StatusBadge } from './plan-labels';

const ERROR_SCOPES = ['billing:errors', 'common:errorCodes'];

/** Where Stripe's pages are opened: this tab, as Checkout and the portal expect (they return here). */
function goTo(url: string) {
  window.location.assign(url);
}

/**
 * /app/organization's "Plan and billing", for its owners: the plan and its state, what the organization
 * uses of each limit, the plans to subscribe or switch to (Stripe Checkout, or the subscription changed at
 * once with proration), and Stripe's customer portal for payment methods, invoices and cancelling. Nothing
 * with billing off (the server answers null). The server checks the same rights.
 */
export function BillingSection({ organizationId, role }: { organizationId: string; role: string }) {
  const { t } = useTranslation('billing');
  const readable = organizationCan(role, { billing: ['read'] });
  const query = useQuery({ ...billingQueries.overview(organizationId), enabled: readable });
  if (!readable || query.data === null) return null;
  return (
    <div id="billing" className="scroll-mt-24">
      <SectionCard title={t('section.title')} description={t('section.description')}>
        {query.isPending ? (
          <div aria-busy="true">
            <p className="sr-only">{t('section.loading')}</p>
            <Skeleton className="h-40" />
          </div>
        ) : query.isError || !query.data ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p>{t('section.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t('common:dataList.retry')}
            </Button>
          </div>
        ) : (
          <BillingBody organizationId={organizationId} overview={query.data} />
        )}
      </SectionCard>
    </div>
  );
}

function BillingBody({ organizationId, overview }: { organizationId: string; overview: BillingOverview }) {
  const { t, i18n } = useTranslation('billing');
  const [interval, setInterval] = useState<BillingInterval>(overview.interval ?? 'month');
  const queryClient = useQueryClient();
  const mutations = billingMutations(queryClient, organizationId);
  const checkout = useMutation(mutations.checkout());
  const portal = useMutation(mutations.portal());
  const { run } = useSubmit({
    scopes: ERROR_SCOPES,
    message: (error) => {
      const { code, field } = errorCodeOf(error);
      if (code !== 'PLAN_TOO_SMALL' || !field) return null;
      return t('errors.PLAN_TOO_SMALL', { limit: limitLabel(t, field) });
    },
  });
  const date = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
  const subscribed = overview.plan !== plans[0]?.id;
  const done =
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('billing') === 'done';

  const choose = (plan: Plan) =>
    run(
      () => checkout.mutateAsync({ plan: plan.id, interval }),
      (answer) => (answer.kind === 'checkout' ? goTo(answer.url) : toast.success(t('changed'))),
    );

  return (
    <div className="grid gap-5">
      {overview.mode === 'demo' ? <p className="text-sm text-muted-foreground">{t('demo')}</p> : null}
      {done && !subscribed ? (
        <p role="status" className="text-sm">
          {t('done')}
        </p>
      ) : null}
      {overview.graceEndsAt ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            {overview.readOnly ? (
              t('pastDue.readOnly')
            ) : (
              <Trans
                t={t}
                i18nKey="pastDue.grace"
                values={{ date: date(overview.graceEndsAt) }}
                components={{ date: <time dateTime={overview.graceEndsAt} /> }}
              />
            )}
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap items-start justify-between gap-4">
        <dl className="grid min-w-0 gap-1">
          <dt className="text-sm font-medium text-muted-foreground">{t('current.label')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold">{t(`plans.${overview.plan}.name`)}</span>
            {overview.interval ? (
              <span className="text-sm">{t(`intervals.${overview.interval}`)}</span>
            ) : null}
            <StatusBadge status={overview.status} />
          </dd>
          {overview.currentPeriodEnd && subscribed ? (
            <dd className="text-sm text-muted-foreground">
              <Trans
                t={t}
                i18nKey={overview.cancelAtPeriodEnd ? 'current.ends' : 'current.renews'}
                values={{ date: date(overview.currentPeriodEnd) }}
                components={{ date: <time dateTime={overview.currentPeriodEnd} /> }}
              />
            </dd>
          ) : null}
          {overview.seats !== null && subscribed ? (
            <dd className="text-sm text-muted-foreground">{t('current.seats', { count: overview.seats })}</dd>
          ) : null}
        </dl>
        {overview.hasCustomer || overview.mode === 'demo' ? (
          <Button
            variant="outline"
            disabled={portal.isPending}
            onClick={() =>
              void run(
                () => portal.mutateAsync(),
                (answer) => goTo(answer.url),
              )
            }
          >
            <ExternalLink aria-hidden />
            {t('actions.manage')}
          </Button>
        ) : null}
      </div>

      <Usage overview={overview} />

      <div className="grid gap-3">
        <div
          role="group"
          aria-label={t('intervals.label')}
          className="inline-flex w-fit rounded-md border p-0.5"
        >
          {BILLING_INTERVALS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={interval === value}
              onClick={() => setInterval(value)}
              className={cn(
                'min-h-11 rounded px-3 text-sm font-medium sm:min-h-9',
                interval === value
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`intervals.${value}`)}
            </button>
          ))}
        </div>
        <ul className="grid gap-3 md:grid-cols-3" aria-label={t('section.title')}>
          {plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard
                plan={plan}
                interval={interval}
                current={overview.plan === plan.id && (!plan.price || overview.interval === interval)}
                subscribed={subscribed}
                busy={checkout.isPending}
                onChoose={choose}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PlanCard({
  plan,
  interval,
  current,
  subscribed,
  busy,
  onChoose,
}: {
  plan: Plan;
  interval: BillingInterval;
  current: boolean;
  subscribed: boolean;
  busy: boolean;
  onChoose: (plan: Plan) => Promise<unknown>;
}) {
  const { t } = useTranslation('billing');
  const name = t(`plans.${plan.id}.name`);
  return (
    <article
      aria-label={name}
      className={cn(
        'grid h-full content-start gap-3 rounded-md border p-4',
        current && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="grid gap-1">
        <h3 className="font-semibold">{name}</h3>
        <p className="text-sm text-muted-foreground">{t(`plans.${plan.id}.summary`)}</p>
      </div>
      <p className="text-base font-medium">
        <PlanPrice plan={plan} interval={interval} />
      </p>
      <ul className="grid gap-1 text-sm">
        {[...new Set(plans.flatMap((each) => Object.keys(each.limits)))].map((key) => (
          <li key={key}>
            <LimitLabel limit={key} count={plan.limits[key]} />
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        {current ? (
          <Badge variant="outline">{t('actions.current')}</Badge>
        ) : !plan.price ? (
          subscribed ? (
            <p className="text-sm text-muted-foreground">{t('actions.freeHint')}</p>
          ) : null
        ) : subscribed ? (
          <ConfirmDialog
            title={t('confirmSwitch.title', { plan: name })}
            description={t('confirmSwitch.description')}
            confirmLabel={t('confirmSwitch.confirm')}
            onConfirm={() => onChoose(plan)}
          >
            <Button variant="outline" disabled={busy}>
              {t('actions.switch')}
            </Button>
          </ConfirmDialog>
        ) : (
          <Button disabled={busy} onClick={() => void onChoose(plan)}>
            <CreditCard aria-hidden />
            {t('actions.upgrade')}
          </Button>
        )}
      </div>
    </article>
  );
}

function Usage({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation('billing');
  const plan = plans.find((each) => each.id === overview.plan) ?? plans[0];
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">{t('usage.title')}</h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        {Object.entries(overview.usage).map(([key, used]) => {
          const limit = plan?.limits[key];
          const share = limit ? Math.min(1, used / limit) : 0;
          return (
            <div key={key} className="grid gap-1">
              <dt className="text-sm">{limitLabel(t, key)}</dt>
              <dd className="grid gap-1">
                <span className="text-sm font-medium">
                  {limit === undefined ? t('usage.noLimit', { used }) : t('usage.of', { used, limit })}
                </span>
                {limit !== undefined ? (
                  <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-muted">
                    <span
                      className={cn(
                        'block h-full rounded-full',
                        share >= 1 ? 'bg-destructive' : 'bg-primary',
                      )}
                      style={{ width: `${share * 100}%` }}
                    />
                  </span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
