import { appConfig } from '~/app.config';
import { oneOf, type SortOrder, searchTermParam, searchValidator, sortOrders } from '@/lib/search-params';

// The manager's organization list view, apart from the schemas (./schema.ts) on purpose: the
// /manager/organizations route validates its search params with it, and route definitions are in every
// page's first download, where zod is not.

/**
 * An organization role a member may be given or invited with. Here rather than with the schemas: the
 * member list's role picker is in the organization page's first download, where zod is not.
 */
export const organizationRoleNames = ['member', 'admin', 'owner'] as const;
export type OrganizationRoleName = (typeof organizationRoleNames)[number];

export const organizationSorts = ['created', 'name'] as const;
export type OrganizationSort = (typeof organizationSorts)[number];

/** The plans the list filters by (`billing.plans`, app.config.ts); '' is any. */
export const organizationPlanFilters = ['', ...appConfig.billing.plans.map((plan) => plan.id)] as const;
export type OrganizationPlanFilter = (typeof organizationPlanFilters)[number];

/** The list's view (search, plan and order): what the URL carries and the list query is keyed by. */
export type OrganizationListView = {
  searchTerm: string;
  plan: OrganizationPlanFilter;
  sort: OrganizationSort;
  order: SortOrder;
};

export const organizationListDefaults: OrganizationListView = {
  searchTerm: '',
  plan: '',
  sort: 'created',
  order: 'desc',
};

/** /manager/organizations search params: every one falls back to its default on bad input. */
export const organizationListSearch = searchValidator((search): OrganizationListView => ({
  searchTerm: searchTermParam(search.searchTerm),
  plan: oneOf(search.plan, organizationPlanFilters, ''),
  sort: oneOf(search.sort, organizationSorts, 'created'),
  order: oneOf(search.order, sortOrders, 'desc'),
}));
