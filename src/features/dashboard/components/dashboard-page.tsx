import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { dashboardQueries } from '../queries';
import type { SignupDay } from '../schema';
import { FigureCards, FigureSkeletons } from './figure-cards';
import { SignupsChart } from './signups-chart';
import { numberFormat } from '@/lib/intl';

/** The manager's overview: key figures, sign-ups over 30 days, and the recent activity (`activity`). */
export function DashboardPage({ activity }: { activity?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const query = useQuery(dashboardQueries.figures());
  const chartTitle = t('chart.title');

  let figures: ReactNode;
  let chart: ReactNode;
  if (query.isPending) {
    figures = <FigureSkeletons />;
    chart = <Skeleton className="h-60 w-full sm:h-68" />;
  } else if (query.isError) {
    figures = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
        <p>{t('common:dataList.error')}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isRefetching}>
          {query.isRefetching ? <Spinner /> : null}
          {t('common:dataList.retry')}
        </Button>
      </div>
    );
    chart = null;
  } else {
    figures = <FigureCards figures={query.data} />;
    chart = <SignupsChart days={query.data.signups} title={chartTitle} />;
  }

  return (
    <Page title={t('common:pages.dashboard')}>
      <div className="grid gap-6" aria-busy={query.isPending}>
        <section aria-label={t('figures.label')}>{figures}</section>
        {chart ? (
          <SectionCard
            title={chartTitle}
            description={t('chart.description')}
            actions={query.data ? <SignupsTotal days={query.data.signups} /> : null}
          >
            {chart}
          </SectionCard>
        ) : null}
        {activity ? <SectionCard title={t('activity.title')}>{activity}</SectionCard> : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {query.isPending ? t('common:dataList.loading') : query.isError ? t('common:dataList.error') : ''}
      </p>
    </Page>
  );
}

/** The chart's headline: every sign-up of its days. */
function SignupsTotal({ days }: { days: SignupDay[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    // Under the title on a phone, the label before the number on one line; beside it, stacked and ending.
    <p className="flex items-baseline gap-2 sm:grid sm:gap-0 sm:text-end">
      <span className="text-xs text-muted-foreground">{t('chart.total')}</span>
      <span className="text-2xl font-semibold tracking-tight tabular-nums">
        {numberFormat(i18n.language).format(total)}
      </span>
    </p>
  );
}
