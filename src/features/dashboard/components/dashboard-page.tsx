import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { dashboardQueries } from '../queries';
import type { DashboardFigures } from '../schema';
import { SignupsChart } from './signups-chart';

const figureKeys = ['totalUsers', 'newUsers', 'activeUsers', 'bannedUsers', 'repositories'] as const;

/** The manager's overview: key figures, sign-ups over 30 days, and the recent activity (`activity`). */
export function DashboardPage({ activity }: { activity?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const query = useQuery(dashboardQueries.figures());
  const chartTitle = t('chart.title');

  let figures: ReactNode;
  let chart: ReactNode;
  if (query.isPending) {
    figures = <FigureSkeletons />;
    chart = <Skeleton className="h-44 w-full" />;
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
    figures = <Figures figures={query.data} />;
    chart = <SignupsChart days={query.data.signups} title={chartTitle} />;
  }

  return (
    <Page title={t('common:pages.dashboard')}>
      <div className="grid gap-6" aria-busy={query.isPending}>
        <section aria-label={t('figures.label')}>{figures}</section>
        {chart ? (
          <SectionCard title={chartTitle} description={t('chart.description')}>
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

function Figures({ figures }: { figures: DashboardFigures }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figureKeys.map((key) => (
        <div key={key} className="grid gap-1 rounded-lg border bg-card p-4 last:max-sm:col-span-2">
          <dt className="text-sm text-muted-foreground">{t(`figures.${key}`)}</dt>
          <dd className="text-3xl font-semibold tabular-nums">{number.format(figures[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function FigureSkeletons() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figureKeys.map((key) => (
        <div key={key} className="grid gap-2 rounded-lg border p-4 last:max-sm:col-span-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-8 w-1/3" />
        </div>
      ))}
    </div>
  );
}
