import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  stripSearchParams,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { authKeys } from '@/features/auth/queries';
import { organizationKeys } from '@/features/organization/queries';
import type { searchValidator } from '@/lib/search-params';
import { renderRouter } from './render';

type Search<View> = ReturnType<typeof searchValidator<View>>;

/**
 * A list page inside a route wired like the app's list routes: the view lives in the URL (defaults left out),
 * each change written with replace; the detail and edit paths under it exist, so row links resolve. The
 * signed-in viewer is an admin with the id "me", working in the organization "org-1" as its owner, unless
 * told otherwise.
 */
export function renderListRoute<View extends Record<string, unknown>>(options: {
  path: string;
  url: string;
  search: Search<View>;
  defaults: View;
  viewer?: { id?: string; role?: string; organizationRole?: string };
  page: (view: View, onViewChange: (change: Partial<View>) => void) => ReactNode;
}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: {
      id: options.viewer?.id ?? 'me',
      name: 'Me',
      email: 'me@example.com',
      emailVerified: true,
      image: null,
      role: options.viewer?.role ?? 'admin',
      onboardedAt: null,
    },
    session: { id: 's', impersonatedBy: null, activeOrganizationId: 'org-1' },
  });
  queryClient.setQueryData(organizationKeys.mine, [
    { id: 'org-1', name: 'Org', slug: 'org', role: options.viewer?.organizationRole ?? 'owner' },
  ]);
  const rootRoute = createRootRoute();
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: options.path,
    validateSearch: options.search,
    search: { middlewares: [stripSearchParams(options.defaults)] },
    component: function Screen() {
      const navigate = listRoute.useNavigate();
      const view = options.search.parse(listRoute.useSearch());
      return options.page(view, (change) =>
        navigate({ search: (previous) => ({ ...previous, ...change }), replace: true }),
      );
    },
  });
  const detailRoute = createRoute({ getParentRoute: () => rootRoute, path: `${options.path}/$id` });
  const updateRoute = createRoute({ getParentRoute: () => rootRoute, path: `${options.path}/$id/update` });
  const history = createMemoryHistory({ initialEntries: [options.url] });
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute, detailRoute, updateRoute]),
    history,
  });
  renderRouter(router, queryClient);
  return { router, history, search: () => router.state.location.search };
}
