/** Which area shows a repository screen: a list's rows open that area's detail page. */
export type RepositoryArea = 'app' | 'manager';

/** The detail page of a repository in `area`. */
export function detailRoute(area: RepositoryArea) {
  return area === 'manager' ? ('/manager/repositories/$id' as const) : ('/app/repositories/$id' as const);
}
