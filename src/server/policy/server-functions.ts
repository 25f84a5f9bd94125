import '@tanstack/react-start/server-only';
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
  // The app area: the active organization's repositories, read by its members, changed by its owners and admins.
  'src/features/repository/functions.ts#$listRepositories': { access: 'organization-member', ...READ },
  'src/features/repository/functions.ts#$getRepository': { access: 'organization-member', ...READ },
  'src/features/repository/functions.ts#$createRepository': {
    access: { organization: { repository: ['create'] } },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$updateRepository': {
    access: { organization: { repository: ['update'] } },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$deleteRepository': {
    access: { organization: { repository: ['delete'] } },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$bulkDeleteRepositories': {
    access: { organization: { repository: ['delete'] } },
    ...CHANGE,
  },
  // The manager area: every organization's repositories, for the platform's admins.
  'src/features/repository/functions.ts#$listPlatformRepositories': {
    access: { apps: ['manager'], repository: ['read'] },
    ...READ,
  },
  'src/features/repository/functions.ts#$getPlatformRepository': {
    access: { apps: ['manager'], repository: ['read'] },
    ...READ,
  },
  'src/features/repository/functions.ts#$createPlatformRepository': {
    access: { apps: ['manager'], repository: ['create'] },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$updatePlatformRepository': {
    access: { apps: ['manager'], repository: ['update'] },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$deletePlatformRepository': {
    access: { apps: ['manager'], repository: ['delete'] },
    ...CHANGE,
  },
  'src/features/repository/functions.ts#$bulkDeletePlatformRepositories': {
    access: { apps: ['manager'], repository: ['delete'] },
    ...CHANGE,
  },
  'src/features/audit/functions.ts#$listAuditEntries': { access: { user: ['list'] }, ...READ },
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
