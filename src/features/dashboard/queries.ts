import { queryOptions } from '@tanstack/react-query';
import { $getDashboard } from './functions';

const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: ['dashboard', 'figures'] as const,
};

export const dashboardQueries = {
  figures: () =>
    queryOptions({
      queryKey: dashboardKeys.figures,
      queryFn: () => $getDashboard(),
      // Figures a minute old are fine; coming back to the page within it costs no request.
      staleTime: 60_000,
    }),
};
