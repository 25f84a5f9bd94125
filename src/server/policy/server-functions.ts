import '@tanstack/react-start/server-only';
import { entities, type EntityRegistry } from '../../entities.ts';
import type { OrganizationPermissionRequest, PermissionRequest } from '../../features/auth/permissions.ts';
import type { Policy } from './policy.ts';

// Shorthands for the table below; each entry still states every rule. A read runs in the demo and is open
// to an impersonation; a change is refused by the demo.
const READ = { demo: 'runs', impersonation: 'allowed', recentSignIn: false, rateLimit: 'calls' } as const;
const CHANGE = {
  demo: 'refused',
  impersonation: 'allowed',
  recentSignIn: false,
  rateLimit: 'calls',
} as const;

/** `price-lists` → `PriceLists`: a kebab-case noun as it stands in a function's name. */
const pascal = (noun: string) =>
  noun
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

// One action of one entity's statement, on the platform (with the manager area) or inside an organization.
// A computed key widens to any string, so these say the type: the registry's keys and actions are the
// statements' own (src/features/auth/permissions.ts reads them from the same entries).
const onPlatform = (key: string, action: string) =>
  ({ apps: ['manager'], [key]: [action] }) as PermissionRequest;
const inOrganization = (key: string, action: string) =>
  ({ organization: { [key]: [action] } as OrganizationPermissionRequest }) as const;

/**
 * The rows of every tenant-owned entity's twelve CRUD functions, named by convention from its noun and
 * plural (`$list<Plural>`, `$get<Singular>`, `$create<Singular>`, `$update<Singular>`, `$delete<Singular>`,
 * `$bulkDelete<Plural>`, and the same with `Platform` after the verb) in `src/features/<noun>/functions.ts`.
 * The app area: the active organization's rows, read by its members, changed by its owners and admins (the
 * organization statement). The manager area: every organization's rows, for the platform's admins (the
 * manager area and the platform statement). A feature without one of them fails policy.test.ts.
 */
function tenantOwnedFunctions(registry: EntityRegistry): Record<string, Policy> {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([key, entity]) => {
      if (!entity.tenantOwned) return [];
      const file = `src/features/${entity.noun}/functions.ts`;
      const one = pascal(entity.noun);
      const many = pascal(entity.tenantOwned.plural);
      const rows: Record<string, Policy> = {
        [`$list${many}`]: { access: 'organization-member', ...READ },
        [`$get${one}`]: { access: 'organization-member', ...READ },
        [`$create${one}`]: { access: inOrganization(key, 'create'), ...CHANGE },
        [`$update${one}`]: { access: inOrganization(key, 'update'), ...CHANGE },
        [`$delete${one}`]: { access: inOrganization(key, 'delete'), ...CHANGE },
        [`$bulkDelete${many}`]: { access: inOrganization(key, 'delete'), ...CHANGE },
        [`$listPlatform${many}`]: { access: onPlatform(key, 'read'), ...READ },
        [`$getPlatform${one}`]: { access: onPlatform(key, 'read'), ...READ },
        [`$createPlatform${one}`]: { access: onPlatform(key, 'create'), ...CHANGE },
        [`$updatePlatform${one}`]: { access: onPlatform(key, 'update'), ...CHANGE },
        [`$deletePlatform${one}`]: { access: onPlatform(key, 'delete'), ...CHANGE },
        [`$bulkDeletePlatform${many}`]: { access: onPlatform(key, 'delete'), ...CHANGE },
      };
      return Object.entries(rows).map(([name, policy]) => [`${file}#${name}`, policy] as const);
    }),
  );
}

/**
 * Every server function in src, by `file#export`, with every rule it is under. `policyMiddleware`
 * (src/middleware/policy.ts, first in every call) enforces demo, rate limit, impersonation and recent
 * sign-in from here, and refuses a function that has no entry; `access` is what the function's own
 * middleware enforces, and what the permission matrix expects. policy.test.ts fails for a function
 * without an entry, an entry without a function, and an entry that leaves a rule unstated.
 */
export const SERVER_FUNCTIONS: Readonly<Record<string, Policy>> = {
  'src/features/auth/functions.ts#$getSession': { access: 'public', ...READ },
  'src/features/auth/functions.ts#$getAuthConfig': { access: 'public', ...READ },
  'src/features/auth/functions.ts#$completeOnboarding': { access: 'signed-in', ...CHANGE },
  'src/features/preferences/functions.ts#$getI18nBootstrap': { access: 'public', ...READ },
  'src/features/account/functions.ts#$listSessions': { access: 'signed-in', ...READ },
  'src/features/account/functions.ts#$listLinkedProviders': { access: 'signed-in', ...READ },
  'src/features/account/functions.ts#$getSignInAlerts': { access: 'signed-in', ...READ },
  // The "Security alerts" switch: the mail that would tell the owner of a sign-in they did not make.
  'src/features/account/functions.ts#$setSignInAlerts': {
    access: 'signed-in',
    ...CHANGE,
    impersonation: 'refused',
  },
  // A read of the caller's own data, audited (during an impersonation, as the administrator's).
  'src/features/account/functions.ts#$exportMyData': {
    access: 'signed-in',
    ...READ,
    rateLimit: 'calls+data-export',
  },
  'src/features/passkey/functions.ts#$listPasskeys': { access: 'signed-in', ...READ },
  'src/features/passkey/functions.ts#$listUserPasskeys': { access: { user: ['get'] }, ...READ },
  // An administrator taking a way to sign in away from someone else's account.
  'src/features/passkey/functions.ts#$removeUserPasskey': {
    access: { user: ['update'] },
    ...CHANGE,
    impersonation: 'refused',
    recentSignIn: true,
  },
  'src/features/organization/functions.ts#$listMyOrganizations': { access: 'signed-in', ...READ },
  'src/features/organization/functions.ts#$ensureWorkspace': { access: 'signed-in', ...CHANGE },
  'src/features/organization/functions.ts#$listOrganizationChoices': {
    access: { apps: ['manager'], repository: ['create'] },
    ...READ,
  },
  // The invitation link's page: the visitor may not be signed in yet.
  'src/features/organization/functions.ts#$getInvitation': { access: 'public', ...READ },
  'src/features/organization/functions.ts#$listTeams': { access: 'organization-member', ...READ },
  'src/features/organization/functions.ts#$getActiveOrganization': {
    access: 'organization-member',
    ...READ,
  },
  // The manager area's view of organizations: the platform permission, not a membership.
  'src/features/organization/functions.ts#$listPlatformOrganizations': {
    access: { apps: ['manager'], organization: ['list'] },
    ...READ,
  },
  'src/features/organization/functions.ts#$getPlatformOrganization': {
    access: { apps: ['manager'], organization: ['list'] },
    ...READ,
  },
  'src/features/organization/functions.ts#$listUserOrganizations': {
    access: { apps: ['manager'], organization: ['list'] },
    ...READ,
  },
  // Deletes every member's repositories with it.
  'src/features/organization/functions.ts#$deletePlatformOrganization': {
    access: { apps: ['manager'], organization: ['delete'] },
    ...CHANGE,
    impersonation: 'refused',
    recentSignIn: true,
  },
  // The organization's keys to the public API: its owners and admins; making one is a credential, so it
  // needs a recent sign-in and is never done while impersonating.
  'src/features/api-key/functions.ts#$listApiKeys': {
    access: { organization: { apiKey: ['read'] } },
    ...READ,
  },
  'src/features/api-key/functions.ts#$createApiKey': {
    access: { organization: { apiKey: ['create'] } },
    ...CHANGE,
    impersonation: 'refused',
    recentSignIn: true,
  },
  'src/features/api-key/functions.ts#$revokeApiKey': {
    access: { organization: { apiKey: ['delete'] } },
    ...CHANGE,
  },
  'src/features/api-key/functions.ts#$listPlatformApiKeys': {
    access: { apps: ['manager'], apiKey: ['list'] },
    ...READ,
  },
  'src/features/api-key/functions.ts#$revokePlatformApiKey': {
    access: { apps: ['manager'], apiKey: ['revoke'] },
    ...CHANGE,
  },
  // The organization's outgoing webhooks: its owners and admins. A signing secret made or rotated is a
  // credential: never while impersonating.
  'src/features/webhook/functions.ts#$listWebhookEndpoints': {
    access: { organization: { webhook: ['read'] } },
    ...READ,
  },
  'src/features/webhook/functions.ts#$createWebhookEndpoint': {
    access: { organization: { webhook: ['create'] } },
    ...CHANGE,
    impersonation: 'refused',
  },
  'src/features/webhook/functions.ts#$updateWebhookEndpoint': {
    access: { organization: { webhook: ['update'] } },
    ...CHANGE,
  },
  'src/features/webhook/functions.ts#$rotateWebhookSecret': {
    access: { organization: { webhook: ['update'] } },
    ...CHANGE,
    impersonation: 'refused',
  },
  'src/features/webhook/functions.ts#$deleteWebhookEndpoint': {
    access: { organization: { webhook: ['delete'] } },
    ...CHANGE,
  },
  'src/features/webhook/functions.ts#$listWebhookDeliveries': {
    access: { organization: { webhook: ['read'] } },
    ...READ,
  },
  'src/features/webhook/functions.ts#$sendWebhookTest': {
    access: { organization: { webhook: ['update'] } },
    ...CHANGE,
  },
  'src/features/webhook/functions.ts#$redeliverWebhook': {
    access: { organization: { webhook: ['update'] } },
    ...CHANGE,
  },
  // The organization's plan and billing: its owners alone. Paying goes to Stripe with the owner's own
  // address, so an administrator signed in as them may not start it.
  'src/features/billing/functions.ts#$getBilling': {
    access: { organization: { billing: ['read'] } },
    ...READ,
  },
  'src/features/billing/functions.ts#$startCheckout': {
    access: { organization: { billing: ['update'] } },
    ...CHANGE,
    impersonation: 'refused',
  },
  'src/features/billing/functions.ts#$openBillingPortal': {
    access: { organization: { billing: ['update'] } },
    ...CHANGE,
    impersonation: 'refused',
  },
  'src/features/billing/functions.ts#$getPlatformOrganizationBilling': {
    access: { apps: ['manager'], organization: ['list'] },
    ...READ,
  },
  // Each tenant-owned entity's CRUD functions in both areas (below, from src/entities.ts).
  ...tenantOwnedFunctions(entities),
  'src/features/audit/functions.ts#$listAuditEntries': { access: { user: ['list'] }, ...READ },
  // The job queue's page (/manager/jobs): the audit log's permission; a failed job retried or deleted.
  'src/features/jobs/functions.ts#$getJobsOverview': { access: { user: ['list'] }, ...READ },
  'src/features/jobs/functions.ts#$listFailedJobs': { access: { user: ['list'] }, ...READ },
  'src/features/jobs/functions.ts#$retryFailedJob': { access: { user: ['list'] }, ...CHANGE },
  'src/features/jobs/functions.ts#$deleteFailedJob': { access: { user: ['list'] }, ...CHANGE },
  'src/features/user/functions.ts#$listUsers': { access: { user: ['list'] }, ...READ },
  'src/features/user/functions.ts#$getUser': { access: { user: ['list'] }, ...READ },
  'src/features/user/functions.ts#$listUserSessions': { access: { session: ['list'] }, ...READ },
  // The list's permission at the door; each row goes through its single action's auth route, whose
  // own rules (permission, recent sign-in) refuse it as they refuse the single action.
  'src/features/user/functions.ts#$bulkUserAction': {
    access: { user: ['list'] },
    ...CHANGE,
    impersonation: 'refused',
  },
  'src/features/dashboard/functions.ts#$getDashboard': {
    access: { apps: ['manager'], user: ['list'] },
    ...READ,
  },
  // An admin's own saved views of the manager's lists; each list's views also need that list's permission
  // (checked in the handler: the payload names the list).
  'src/features/saved-view/functions.ts#$listSavedViews': { access: { apps: ['manager'] }, ...READ },
  'src/features/saved-view/functions.ts#$saveView': { access: { apps: ['manager'] }, ...CHANGE },
  'src/features/saved-view/functions.ts#$renameSavedView': { access: { apps: ['manager'] }, ...CHANGE },
  'src/features/saved-view/functions.ts#$deleteSavedView': { access: { apps: ['manager'] }, ...CHANGE },
};

/** `file#export` of a server function, from Start's `serverFnMeta` (the file may come absolute). */
export function serverFunctionKey(filename: string, name: string, root = process.cwd()): string {
  const normalised = filename.split('\\').join('/');
  const prefix = `${root.split('\\').join('/')}/`;
  const file = normalised.startsWith(prefix) ? normalised.slice(prefix.length) : normalised;
  return `${file}#${name.replace(/_createServerFn_handler$/, '')}`;
}

/** The rules of a server function, or undefined for one the table does not list. */
export function serverFunctionPolicy(key: string): Policy | undefined {
  return Object.hasOwn(SERVER_FUNCTIONS, key) ? SERVER_FUNCTIONS[key] : undefined;
}
