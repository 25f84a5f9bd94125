import { type UseQueryResult, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListError, ListNotice } from '@/components/ui/data-list';
import { DataTable, type DataTableOptions } from '@/components/ui/data-table';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { cn } from '@/lib/utils';
import { cronInWords } from '../cron';
import { jobsKeys, jobsQueries } from '../queries';
import type { JobSchedule, JobsOverview, QueueCounts } from '../schema';
import { FailedJobs } from './failed-jobs';
import { JobState, useQueueName, useUtcTime } from './job-parts';

/**
 * The manager's view of the job queue: each queue's waiting, running, failed and completed jobs; the failed
 * ones with their last error, to retry or delete; the schedules with their last and next run. Tables from
 * 768 px, rows on a phone; Refresh reads all of it again.
 */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const queryClient = useQueryClient();
  const overview = useQuery(jobsQueries.overview());
  const fetching = useIsFetching({ queryKey: jobsKeys.all }) > 0;
  return (
    <Page
      title={t('title')}
      actions={
        <Button
          variant="outline"
          disabled={fetching}
          aria-busy={fetching}
          onClick={() => void queryClient.invalidateQueries({ queryKey: jobsKeys.all })}
        >
          {fetching ? <Spinner /> : <RotateCw aria-hidden />}
          {t('refresh')}
        </Button>
      }
    >
      <div className="grid gap-6">
        <SectionCard title={t('queues.title')} description={t('queues.description')}>
          <OverviewPart query={overview} rows={4}>
            {(data) => <QueueTable queues={data.queues} />}
          </OverviewPart>
        </SectionCard>
        <SectionCard title={t('failed.title')} description={t('failed.description')}>
          <FailedJobs />
        </SectionCard>
        <SectionCard title={t('schedules.title')} description={t('schedules.description')}>
          <OverviewPart query={overview} rows={3}>
            {(data) =>
              data.schedules.length ? (
                <ScheduleTable schedules={data.schedules} />
              ) : (
                <ListNotice>
                  <p>{t('schedules.empty')}</p>
                </ListNotice>
              )
            }
          </OverviewPart>
        </SectionCard>
      </div>
    </Page>
  );
}

/** A part drawn from the overview: placeholders while it loads, the lists' error with Retry if it failed. */
function OverviewPart({
  query,
  rows,
  children,
}: {
  query: UseQueryResult<JobsOverview>;
  rows: number;
  children: (data: JobsOverview) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        {Array.from({ length: rows }, (_, i) => (
          // Identical placeholders: the index is their only identity.
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  return children(query.data);
}

const COUNT_COLUMNS = ['waiting', 'running', 'failed', 'completed'] as const;

function QueueName({ queue }: { queue: string }) {
  const name = useQueueName(queue);
  return (
    <span className="grid min-w-0">
      <span className="font-medium">{name}</span>
      <code dir="ltr" className="match-parent-align truncate text-xs text-muted-foreground">
        {queue}
      </code>
    </span>
  );
}

/** A count; failed ones stand out while there are any. */
function Count({ queues, column }: { queues: QueueCounts; column: (typeof COUNT_COLUMNS)[number] }) {
  const { i18n } = useTranslation();
  const value = numberFormat(i18n.language).format(queues[column]);
  return column === 'failed' && queues.failed > 0 ? <Badge variant="destructive">{value}</Badge> : value;
}

function QueueTable({ queues }: { queues: QueueCounts[] }) {
  const { t } = useTranslation('jobs');
  const options: DataTableOptions<QueueCounts, never> = {
    columns: [
      { id: 'queue', header: t('queues.columns.queue'), cell: (row) => <QueueName queue={row.queue} /> },
      ...COUNT_COLUMNS.map((column) => ({
        id: column,
        header: t(`queues.columns.${column}`),
        align: 'end' as const,
        className: 'w-28',
        cell: (row: QueueCounts) => <Count queues={row} column={column} />,
      })),
    ],
  };
  return (
    <>
      <ul aria-label={t('queues.label')} className="divide-y rounded-lg border md:hidden">
        {queues.map((row) => (
          <li key={row.queue} className="grid gap-2 px-4 py-3 text-sm">
            <QueueName queue={row.queue} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 min-[400px]:grid-cols-4">
              {COUNT_COLUMNS.map((column) => (
                <div key={column} className="grid">
                  <dt className="text-xs text-muted-foreground">{t(`queues.columns.${column}`)}</dt>
                  <dd className="tabular-nums">
                    <Count queues={row} column={column} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <DataTable
        label={t('queues.label')}
        items={queues}
        getKey={(row) => row.queue}
        options={options}
        className="max-md:hidden"
      />
    </>
  );
}

/** A schedule in words ("Every 10 minutes") over its cron as written; only the latter for other shapes. */
function ScheduleRuns({ cron }: { cron: string }) {
  const { t, i18n } = useTranslation('jobs');
  const words = cronInWords(cron);
  let text: string | null = null;
  if (words?.kind === 'everyMinute') text = t('schedules.everyMinute');
  if (words?.kind === 'everyMinutes') text = t('schedules.everyMinutes', { count: words.count });
  if (words?.kind === 'hourlyAt') text = t('schedules.hourlyAt', { minute: words.minute });
  if (words?.kind === 'dailyAt') {
    const at = new Date(Date.UTC(2000, 0, 1, words.hour, words.minute));
    const time = dateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    text = t('schedules.dailyAt', { time: time.format(at) });
  }
  return (
    <span className="grid min-w-0">
      {text ? <span>{text}</span> : null}
      <code dir="ltr" className={cn('match-parent-align', text && 'text-xs text-muted-foreground')}>
        {cron}
      </code>
    </span>
  );
}

function LastRun({ schedule }: { schedule: JobSchedule }) {
  const { t } = useTranslation('jobs');
  const time = useUtcTime();
  if (!schedule.lastRun) return <span className="text-muted-foreground">{t('schedules.never')}</span>;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-2">
      <time dateTime={schedule.lastRun.at}>{time.format(new Date(schedule.lastRun.at))}</time>
      <JobState state={schedule.lastRun.state} />
    </span>
  );
}

function NextRun({ schedule }: { schedule: JobSchedule }) {
  const time = useUtcTime();
  if (!schedule.nextRunAt) return null;
  return <time dateTime={schedule.nextRunAt}>{time.format(new Date(schedule.nextRunAt))}</time>;
}

function ScheduleTable({ schedules }: { schedules: JobSchedule[] }) {
  const { t } = useTranslation('jobs');
  const options: DataTableOptions<JobSchedule, never> = {
    columns: [
      { id: 'queue', header: t('schedules.columns.queue'), cell: (row) => <QueueName queue={row.queue} /> },
      { id: 'runs', header: t('schedules.columns.runs'), cell: (row) => <ScheduleRuns cron={row.cron} /> },
      {
        id: 'last',
        header: t('schedules.columns.lastRun'),
        align: 'end',
        className: 'w-56',
        cell: (row) => <LastRun schedule={row} />,
      },
      {
        id: 'next',
        header: t('schedules.columns.nextRun'),
        align: 'end',
        className: 'w-44',
        cell: (row) => <NextRun schedule={row} />,
      },
    ],
  };
  return (
    <>
      <ul aria-label={t('schedules.label')} className="divide-y rounded-lg border md:hidden">
        {schedules.map((row) => (
          <li key={row.queue} className="grid gap-2 px-4 py-3 text-sm">
            <QueueName queue={row.queue} />
            <ScheduleRuns cron={row.cron} />
            <dl className="grid gap-1">
              <div className="flex flex-wrap items-center gap-x-2">
                <dt className="text-muted-foreground">{t('schedules.columns.lastRun')}</dt>
                <dd>
                  <LastRun schedule={row} />
                </dd>
              </div>
              <div className="flex flex-wrap items-center gap-x-2">
                <dt className="text-muted-foreground">{t('schedules.columns.nextRun')}</dt>
                <dd>
                  <NextRun schedule={row} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <DataTable
        label={t('schedules.label')}
        items={schedules}
        getKey={(row) => row.queue}
        options={options}
        className="max-md:hidden"
      />
    </>
  );
}
