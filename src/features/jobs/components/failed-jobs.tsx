import { type UseMutationResult, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataList } from '@/components/ui/data-list';
import type { DataTableOptions } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { numberFormat } from '@/lib/intl';
import { cn } from '@/lib/utils';
import { jobsMutations, jobsQueries } from '../queries';
import type { FailedJob, JobRef } from '../schema';
import { useQueueName, useUtcTime } from './job-parts';

/**
 * The jobs that failed their last try, newest first, 20 at a time ("Showing n of total", more on "Load
 * more"): what each was (its queue; a mail's kind and recipient), its last error, how many tries it had and
 * when it was made, with Retry and Delete, each confirmed. A table from 768 px, rows on a phone.
 */
export function FailedJobs() {
  const { t } = useTranslation('jobs');
  const query = useInfiniteQuery(jobsQueries.failed());
  const table = useFailedTable();
  return (
    <DataList
      query={query}
      label={t('failed.label')}
      getKey={(job) => job.id}
      renderItem={(job) => <FailedJobRow job={job} />}
      table={table}
      skeletonRows={3}
      emptyText={t('failed.empty')}
    />
  );
}

function useFailedTable(): DataTableOptions<FailedJob, never> {
  const { t, i18n } = useTranslation('jobs');
  const time = useUtcTime();
  const numbers = numberFormat(i18n.language);
  return {
    columns: [
      { id: 'job', header: t('failed.columns.job'), cell: (job) => <JobName job={job} /> },
      { id: 'error', header: t('failed.columns.error'), cell: (job) => <JobError job={job} /> },
      {
        id: 'attempts',
        header: t('failed.columns.attempts'),
        align: 'end',
        className: 'w-24 @max-2xl:hidden',
        cell: (job) => numbers.format(job.attempts),
      },
      {
        id: 'created',
        header: t('failed.columns.created'),
        align: 'end',
        className: 'w-40',
        cell: (job) => (
          <time dateTime={job.createdAt} className="text-muted-foreground">
            {time.format(new Date(job.createdAt))}
          </time>
        ),
      },
      {
        id: 'actions',
        header: t('common:dataTable.actions'),
        align: 'end',
        className: 'w-52',
        cell: (job) => <JobActions job={job} />,
      },
    ],
  };
}

/** Its queue, and for a mail what it was and to whom (an address reads left to right in every language). */
function JobName({ job }: { job: FailedJob }) {
  const { t } = useTranslation('jobs');
  const queue = useQueueName(job.queue);
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-medium">{queue}</span>
      {job.mail ? (
        <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
          {t('failed.mailTo', {
            kind: t(`mailKinds.${job.mail.kind}`, { defaultValue: job.mail.kind }),
            to: `\u2068${job.mail.to}\u2069`,
          })}
        </span>
      ) : null}
    </div>
  );
}

/** The last error's message and cause as the library wrote them (in English), each in its own direction. */
function JobError({ job }: { job: FailedJob }) {
  const { t } = useTranslation('jobs');
  if (!job.error) return <span className="text-muted-foreground">{t('failed.noError')}</span>;
  return (
    <div className="grid min-w-0 gap-0.5">
      <p dir="auto" className="[overflow-wrap:anywhere]">
        {job.error}
      </p>
      {job.cause ? (
        <p dir="auto" className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
          {job.cause}
        </p>
      ) : null}
    </div>
  );
}

function FailedJobRow({ job }: { job: FailedJob }) {
  const { t } = useTranslation('jobs');
  const time = useUtcTime();
  return (
    <div className="grid gap-2 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <JobName job={job} />
        <time dateTime={job.createdAt} className="text-muted-foreground">
          {time.format(new Date(job.createdAt))}
        </time>
      </div>
      <JobError job={job} />
      <p className="text-muted-foreground">{t('failed.attempts', { count: job.attempts })}</p>
      <JobActions job={job} className="justify-start" />
    </div>
  );
}

type JobMutation = UseMutationResult<{ id: string }, Error, JobRef>;

/** Retry and Delete, each behind its confirmation; the list is read again before the dialog closes. */
function JobActions({ job, className = 'justify-end' }: { job: FailedJob; className?: string }) {
  const { t } = useTranslation('jobs');
  const queryClient = useQueryClient();
  const retry = useMutation(jobsMutations.retry(queryClient));
  const remove = useMutation(jobsMutations.delete(queryClient));
  const queue = useQueueName(job.queue);
  const time = useUtcTime();
  // Every row has the same two buttons: their names say which job (the queue and when it was made).
  const which = t('failed.which', { queue, created: time.format(new Date(job.createdAt)) });

  const run = async (mutation: JobMutation, done: string, failed: string) => {
    try {
      await mutation.mutateAsync({ queue: job.queue, id: job.id });
      toast.success(done);
    } catch (error) {
      // The demo dialog explains its refusal; a job retried or deleted meanwhile has left the list.
      if (isDemoRefusal(error)) return;
      toast.error(errorCodeOf(error).code === 'NOT_FOUND' ? t('failed.gone') : failed);
    }
  };

  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <ConfirmDialog
        title={t('failed.retry.title')}
        description={t('failed.retry.description', { queue })}
        confirmLabel={t('failed.retry.confirm')}
        onConfirm={() => run(retry, t('failed.retry.done'), t('failed.retry.failed'))}
      >
        <Button variant="outline" size="sm">
          {t('failed.retry.action')} <span className="sr-only">{which}</span>
        </Button>
      </ConfirmDialog>
      <ConfirmDialog
        title={t('failed.delete.title')}
        description={t('failed.delete.description', { queue })}
        confirmLabel={t('failed.delete.confirm')}
        variant="destructive"
        onConfirm={() => run(remove, t('failed.delete.done'), t('failed.delete.failed'))}
      >
        <Button variant="outline" size="sm">
          {t('failed.delete.action')} <span className="sr-only">{which}</span>
        </Button>
      </ConfirmDialog>
    </div>
  );
}
