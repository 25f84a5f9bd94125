import { createFileRoute } from '@tanstack/react-router';
import { requireScreenPermission } from '@/features/auth/guards';
import { JobsPage } from '@/features/jobs/components/jobs-page';
import { jobsQueries } from '@/features/jobs/queries';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/jobs')({
  // The audit log's permission, as the page's server functions check (src/features/jobs/functions.ts).
  beforeLoad: ({ context }) => requireScreenPermission(context, { user: ['list'] }),
  // Prefetched, not ensured: a failure shows each part's own Retry instead of the route's error page.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(jobsQueries.overview()),
      context.queryClient.prefetchInfiniteQuery(jobsQueries.failed()),
    ]),
  head: pageTitle('jobs:title'),
  component: JobsPage,
});
