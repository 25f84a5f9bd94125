import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';
import { defaultStatements as organizationDefaults } from 'better-auth/plugins/organization/access';
import { entities, type EntityRegistry } from '@/entities';

type Entities = typeof entities;
type Part = 'platform' | 'userRole' | 'organization';
/** The registry's keys whose entry's `permissions` has `part`. */
type KeysWith<P extends Part> = {
  [K in keyof Entities]: Entities[K] extends { permissions: Record<P, readonly string[]> } ? K : never;
}[keyof Entities];
/** Each entity's `permissions[part]`, by its registry key, with the literal actions better-auth is typed by. */
type EntityGrants<P extends Part> = {
  [K in KeysWith<P>]: Entities[K] extends { permissions: Record<P, infer A> } ? A : never;
};

/** The entities' statements or grants of one part (src/entities.ts, `permissions`). */
function entityGrants<P extends Part>(part: P): EntityGrants<P> {
  const registry: EntityRegistry = entities;
  const found = Object.entries(registry).flatMap(([key, entity]) => {
    const actions = entity.permissions?.[part];
    return actions ? [[key, actions] as const] : [];
  });
  // Object.fromEntries is typed by string keys; these are exactly the keys and values `EntityGrants` reads.
  return Object.fromEntries(found) as EntityGrants<P>;
}

/**
 * The product's access control, declared once and used by the server (better-auth's admin plugin)
 * and mirrored by the UI. Statements: better-auth's admin defaults plus the product's own areas, and each
 * entity's statement from the registry (src/entities.ts: `repository`, the platform's `organization`).
 */
export const statements = {
  ...defaultStatements,
  account: ['read', 'update'],
  apps: ['app', 'manager'],
  ...entityGrants('platform'),
} as const;

export const ac = createAccessControl(statements);

/**
 * A copy of `value` whose only keys are its own: looking up "constructor", "__proto__" or "toString"
 * finds nothing instead of what every object inherits.
 */
function ownKeysOnly<T extends object>(value: T): T {
  // `Object.create` is typed `any`; the copy has exactly the properties of `value`.
  return Object.assign(Object.create(null) as T, value);
}

/**
 * What each role may do (spec §6), the one table the roles below and the permission tests (unit,
 * integration) read. Anything not listed is refused.
 */
export const grants = {
  user: {
    account: ['update'],
    apps: ['app'],
    ...entityGrants('userRole'),
  },
  admin: {
    // The admin defaults leave out `impersonate-admins`: admins cannot be impersonated.
    ...adminAc.statements,
    account: ['update'],
    apps: ['app', 'manager'],
    // Every entity's whole statement.
    ...entityGrants('platform'),
  },
} as const;

/**
 * The roles, without a prototype: better-auth looks a stored role name up here as given
 * (`roles[name]?.authorize`), and an inherited key would answer every permission check with a 500.
 */
export const roles = ownKeysOnly({
  user: ac.newRole(grants.user),
  admin: ac.newRole(grants.admin),
});

export type RoleName = keyof typeof roles;
export const defaultRole: RoleName = 'user';

export type PermissionRequest = {
  [K in keyof typeof statements]?: ReadonlyArray<(typeof statements)[K][number]>;
};

const isRoleName = (name: string): name is RoleName => Object.hasOwn(roles, name);

/**
 * Role names from a stored role value, which may be a comma-separated list ("user,admin"). A name that is
 * not a declared role (a prototype key such as "constructor" included) is no role at all.
 */
export function parseRoles(role: string | null | undefined): RoleName[] {
  // Split exactly as better-auth does on the server (no trimming; none or empty means the default role),
  // so the UI never promises more.
  return (role || defaultRole).split(',').filter(isRoleName);
}

/**
 * True for a role value the product stores: one declared role name, or several separated by commas, each
 * once, with no empty item and no spaces.
 */
export function isRoleValue(value: string): boolean {
  const names = value.split(',');
  return names.every(isRoleName) && new Set(names).size === names.length;
}

/**
 * True when any of the user's roles grants every action requested. Mirrors better-auth's server check
 * for the UI; the server still decides (including `ADMIN_USER_IDS`, which pass every check there).
 */
export function roleCan(role: string | null | undefined, request: PermissionRequest): boolean {
  // Each role's `authorize` is typed by that role's own statements; every request here is drawn from the
  // shared `statements`, which all roles accept, so the cast only erases the per-role narrowing.
  return parseRoles(role).some((name) => roles[name].authorize(request as never).success);
}

/**
 * The server's permission decision for server functions, made from the session's user without another
 * database read: a user listed in `adminUserIds` (`ADMIN_USER_IDS`) passes every check; anyone else
 * needs one role granting every action requested. Better-auth's admin plugin decides the same way
 * (`auth.api.userHasPermission`); permissions.integration.test.ts checks that both agree on every action,
 * role and listing. See docs/decisions/014-permission-check-in-process.md.
 */
export function userCan(
  user: { id: string; role?: string | null },
  request: PermissionRequest,
  adminUserIds: readonly string[],
): boolean {
  return adminUserIds.includes(user.id) || roleCan(user.role, request);
}

/**
 * Inside an organization (spec §6): what its members may do there, checked by better-auth's organization
 * plugin for its own routes and by `organizationCan` for the product's server functions. better-auth's
 * resources without its dynamic roles (`ac`), plus each tenant-owned entity's (the registry's
 * `permissions.organization`, held by owners and admins). Reading them is what membership gives; writing
 * needs one of these grants.
 */
const { ac: _dynamicRoles, ...organizationResources } = organizationDefaults;
const organizationEntityGrants = entityGrants('organization');
const organizationStatements = {
  ...organizationResources,
  // The organization's API keys (better-auth's API-key plugin checks `apiKey` on the member's role).
  apiKey: ['create', 'read', 'update', 'delete'],
  // Its outgoing webhooks (src/features/webhook).
  webhook: ['create', 'read', 'update', 'delete'],
  // Its plan and subscription (src/features/billing): its owners' alone, as they pay.
  billing: ['read', 'update'],
  ...organizationEntityGrants,
} as const;

export const organizationAc = createAccessControl(organizationStatements);

/** What each organization role may do: owner everything, admin all but deleting it and billing, member nothing. */
export const organizationGrants = {
  owner: {
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    apiKey: ['create', 'read', 'update', 'delete'],
    webhook: ['create', 'read', 'update', 'delete'],
    billing: ['read', 'update'],
    ...organizationEntityGrants,
  },
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    apiKey: ['create', 'read', 'update', 'delete'],
    webhook: ['create', 'read', 'update', 'delete'],
    ...organizationEntityGrants,
  },
  member: {},
} as const;

/** The organization roles, without a prototype (as `roles` above). */
export const organizationRoles = ownKeysOnly({
  owner: organizationAc.newRole(organizationGrants.owner),
  admin: organizationAc.newRole(organizationGrants.admin),
  member: organizationAc.newRole(organizationGrants.member),
});

type OrganizationRoleName = keyof typeof organizationRoles;

export type OrganizationPermissionRequest = {
  [K in keyof typeof organizationStatements]?: ReadonlyArray<(typeof organizationStatements)[K][number]>;
};

const isOrganizationRoleName = (name: string): name is OrganizationRoleName =>
  Object.hasOwn(organizationRoles, name);

/**
 * True when a member's role (better-auth stores several as a comma-separated list) grants every action
 * requested inside their organization; the same decision better-auth's organization plugin makes.
 */
export function organizationCan(
  role: string | null | undefined,
  request: OrganizationPermissionRequest,
): boolean {
  return (role ?? '')
    .split(',')
    .filter(isOrganizationRoleName)
    .some((name) => organizationRoles[name].authorize(request as never).success);
}
