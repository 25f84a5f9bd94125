import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { auditKeys } from '@/features/audit/queries';
import { $deleteFailedJob, $getJobsOverview, $listFailedJobs, $retryFailedJob } from './functions';
import type { JobRef } from './schema';

export const jobsKeys = {
  all: ['jobs'] as const,
  overview: ['jobs', 'overview'] as const,
  failed: (limit: number) => ['jobs', 'failed', { limit }] as const,
};

export const jobsQueries = {
  /** Each queue's counts and the schedules; a job's state changes by itself, so it is read again often. */
  overview: () =>
    queryOptions({
      queryKey: jobsKeys.overview,
      queryFn: () => $getJobsOverview(),
      staleTime: 10_000,
    }),
  /** The failed jobs, newest first, `limit` a page. */
  failed: (limit = 20) =>
    infiniteQueryOptions({
      queryKey: jobsKeys.failed(limit),
      queryFn: ({ pageParam }) => $listFailedJobs({ data: { cursor: pageParam, limit } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      staleTime: 10_000,
    }),
};

/** A failed job retried or deleted: the page's counts and lists are read again, and the audit log's. */
async function changed(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
    queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  ]);
}

/** Retry and Delete of one failed job; a refusal (NOT_FOUND: no longer failed, DEMO_MODE) throws. */
export const jobsMutations = {
  retry: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (ref: JobRef) => $retryFailedJob({ data: ref }),
      onSettled: () => changed(queryClient),
    }),
  delete: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (ref: JobRef) => $deleteFailedJob({ data: ref }),
      onSettled: () => changed(queryClient),
    }),
};
