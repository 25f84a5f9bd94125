import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { NotFoundScreen, RouteErrorScreen } from '@/features/auth/components/error-screens';
import { shouldRetryQuery } from '@/lib/errors';
import { routeTree } from './routeTree.gen';

/**
 * The CSP nonce of the request being rendered (src/server/http/request-middleware.ts). The router stamps
 * it on every script it renders; the browser never needs it again.
 */
const requestNonce = createIsomorphicFn()
  .server(() => (getGlobalStartContext() as { nonce?: string } | undefined)?.nonce)
  .client(() => undefined);

export function getRouter() {
  // Library defaults already match the product: 5 min gc, 3 retries backing off from 1 s to 30 s; a
  // final answer (not found, forbidden…) is shown at once instead of after 7 s of retries. A server render
  // never retries: it would hold the page for those 7 s, while the browser retries by itself anyway.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: typeof window === 'undefined' ? false : shouldRetryQuery } },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders reuse what the Query cache already holds; the cache decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // Error pages carry the product's header and the visitor's menu, so they live with the session (auth).
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    ssr: { nonce: requestNonce() },
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
