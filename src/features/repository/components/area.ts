import { useQuery } from '@tanstack/react-query';
import { organizationCan, roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { organizationQueries } from '@/features/organization/queries';

/**
 * Which area shows a repository screen: the app area's are the active organization's, the manager area's
 * every organization's. Rows, buttons and forms lead to the same area's pages.
 */
export type RepositoryArea = 'app' | 'manager';

/** The list of repositories in `area`. */
export function listRoute(area: RepositoryArea) {
  return area === 'manager' ? ('/manager/repositories' as const) : ('/app/repositories' as const);
}

/** The detail page of a repository in `area`. */
export function detailRoute(area: RepositoryArea) {
  return area === 'manager' ? ('/manager/repositories/$id' as const) : ('/app/repositories/$id' as const);
}

/** The "New repository" page in `area`. */
export function createRoute(area: RepositoryArea) {
  return area === 'manager' ? ('/manager/repositories/new' as const) : ('/app/repositories/new' as const);
}

/** The "Edit repository" page in `area`. */
export function updateRoute(area: RepositoryArea) {
  return area === 'manager'
    ? ('/manager/repositories/$id/update' as const)
    : ('/app/repositories/$id/update' as const);
}

export type RepositoryRights = { canCreate: boolean; canUpdate: boolean; canDelete: boolean };

/**
 * What the signed-in user may do to repositories in `area`, to show only the buttons they may use: in the
 * app area their role in the active organization decides (owner and admin write, member reads), in the
 * manager area their platform role. UX only: every server function checks for itself.
 */
export function useRepositoryRights(area: RepositoryArea): RepositoryRights {
  const session = useSession();
  // The app area's guard has loaded the user's organizations; the manager area does not need them.
  const { data: mine } = useQuery({ ...organizationQueries.mine(), enabled: area === 'app' });
  const activeRole = mine?.find((entry) => entry.id === session?.session.activeOrganizationId)?.role;
  const can = (request: { repository: Array<'create' | 'update' | 'delete'> }) =>
    area === 'manager' ? roleCan(session?.user.role, request) : organizationCan(activeRole, request);
  return {
    canCreate: can({ repository: ['create'] }),
    canUpdate: can({ repository: ['update'] }),
    canDelete: can({ repository: ['delete'] }),
  };
}
