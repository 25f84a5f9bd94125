import { createFileRoute } from '@tanstack/react-router';
import { AuditList } from '@/features/audit/components/audit-list';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { dashboardQueries } from '@/features/dashboard/queries';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/manager/dashboard')({
  // Prefetched, not ensured: a failure shows the page's Retry instead of the route's error page.
  loader: ({ context }) => context.queryClient.prefetchQuery(dashboardQueries.figures()),
  head: pageTitle('pages.dashboard'),
  component: ManagerDashboardScreen,
});

function ManagerDashboardScreen() {
  return <DashboardPage activity={<AuditList limit={10} />} />;
}
