import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { RouteErrorPage } from '@/components/layout/route-error-page';
import { NotFoundPage } from '@/components/layout/error-page';
import { shouldRetryQuery } from '@/lib/errors';
import { routeTree } from './routeTree.gen';

export function getRouter() {
  // Library defaults already match the product: 5 min gc, 3 retries backing off from 1 s to 30 s; a
  // final answer (not found, forbidden…) is shown at once instead of after 7 s of retries.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders reuse what the Query cache already holds; the cache decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
  interface StaticDataRouteOption {
    /** 'desktop-only': on phones the page takes the whole screen (no header, no tab bar). */
    layout?: 'desktop-only';
  }
}
