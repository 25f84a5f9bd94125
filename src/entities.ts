import type { LucideIcon } from 'lucide-react';
import { appConfig } from '~/app.config';
import { Users as UserIcon } from 'lucide-react';
import { userListDefaults, userListSearch } from '@/features/user/search';
import { FolderGit2 as RepositoryIcon } from 'lucide-react';
import { platformRepositoryListDefaults, platformRepositoryListSearch } from '@/features/repository/search';
import { Building2 as OrganizationIcon } from 'lucide-react';
import { ScrollText as AuditIcon } from 'lucide-react';
import { auditSearchOf, auditViewDefaults } from '@/features/audit/view';
import { ListChecks as JobsIcon } from 'lucide-react';
import { KeyRound as ApiKeyIcon } from 'lucide-react';
import { Webhook as WebhookIcon } from 'lucide-react';
import { CreditCard as BillingIcon } from 'lucide-react';
// New entities' imports: pnpm scaffold:entity adds them above this line.

// The product's entities, one entry each: what every place that lists entities reads (docs/architecture.md,
// "The entity registry"). Adding an entity is adding its entry here, with its import lines (pnpm
// scaffold:entity copies a tenant-owned entry and renames it), and nothing else in these places. Isomorphic
// and in every page's first download (the access control reads it): entries hold names, paths and
// permissions, the lists' zod-free URL readers and an icon each, never a feature's components or queries.

/** A permission request as better-auth's access control takes it (`PermissionRequest`, loosely typed here). */
type Permission = Readonly<Record<string, readonly string[]>>;

/** What an entry may say; each reader takes the part it needs, and an entity without one is not in it. */
export type Entity = {
  /**
   * The singular, kebab-case: its i18n namespace (`<noun>:…`, loaded on every page), its audit actions'
   * noun and target type (`<noun>.create`, sentences `<noun>:audit.create`), its feature's folder.
   */
  noun: string;
  /** Its icon, in the navigation, the command palette and the saved views of its list. */
  icon: LucideIcon;
  /**
   * Its access-control statement (the key is the registry's): every action of the platform's statement
   * (the admin role holds them all), the user role's share, and what an organization's owners and admins
   * may do inside it (members: nothing; src/features/auth/permissions.ts).
   */
  permissions?: {
    platform: readonly string[];
    userRole?: readonly string[];
    organization?: readonly string[];
  };
  /**
   * Rows owned by an organization, served in both areas by the feature's twelve CRUD functions named by
   * convention from `noun` and `plural` ($list<Plural>, $get<Singular> … $bulkDeletePlatform<Plural>), whose
   * policy rows are derived (src/server/policy/server-functions.ts).
   */
  tenantOwned?: { plural: string };
  /**
   * Its audit actions (`<noun>.<verb>`; the `delete` verb removes the target) and their group in the audit
   * log's filter; the labels of its group and target type (i18n keys, a new entity's in its own namespace);
   * the manager page an entry's target links to while it exists.
   */
  audit?: {
    verbs: readonly string[];
    group: string;
    groupLabel: string;
    targetLabel: string;
    detail?: string;
  };
  /**
   * Its manager list, whose views an admin may save: the list's name, its URL reader (the route's own
   * validator) and defaults, and the permission that reads it (saved views, beyond the manager area).
   */
  list?: {
    name: string;
    search: { parse: (search: unknown) => object };
    defaults: object;
    read: Permission;
  };
  /** Its pages in each area's navigation (label: an i18n key), and the manager sidebar's group. */
  nav?: {
    app?: { to: string; label: string };
    manager?: { to: string; label: string; group: 'application' | 'configuration' };
  };
  /** Its CSV exports (routes under src/routes/api/export) and who may call them. */
  exports?: readonly { path: string; access: 'organization-member' | Permission }[];
};

export type EntityRegistry = Readonly<Record<string, Entity>>;

export const entities = {
  user: {
    noun: 'user',
    icon: UserIcon,
    // Its statement and grants are better-auth's admin defaults (src/features/auth/permissions.ts).
    audit: {
      verbs: ['create', 'update', 'set-role', 'ban', 'unban', 'delete', 'export'],
      group: 'users',
      groupLabel: 'audit:groups.users',
      targetLabel: 'audit:targetTypes.user',
      detail: '/manager/users/$id',
    },
    list: { name: 'users', search: userListSearch, defaults: userListDefaults, read: { user: ['list'] } },
    nav: { manager: { to: '/manager/users', label: 'user:nav', group: 'configuration' } },
    exports: [{ path: '/api/export/users', access: { user: ['list'] } }],
  },
  repository: {
    noun: 'repository',
    icon: RepositoryIcon,
    permissions: {
      platform: ['read', 'create', 'update', 'delete'],
      userRole: ['read'],
      organization: ['create', 'update', 'delete'],
    },
    tenantOwned: { plural: 'repositories' },
    audit: {
      verbs: ['create', 'update', 'delete', 'export'],
      group: 'repositories',
      groupLabel: 'repository:audit.group',
      targetLabel: 'repository:audit.target',
      detail: '/manager/repositories/$id',
    },
    list: {
      name: 'repositories',
      search: platformRepositoryListSearch,
      defaults: platformRepositoryListDefaults,
      read: { repository: ['read'] },
    },
    nav: {
      app: { to: '/app/repositories', label: 'repository:nav' },
      manager: { to: '/manager/repositories', label: 'repository:nav', group: 'application' },
    },
    exports: [
      { path: '/api/export/repositories', access: 'organization-member' },
      { path: '/api/export/platform-repositories', access: { apps: ['manager'], repository: ['read'] } },
    ],
  },
  organization: {
    noun: 'organization',
    icon: OrganizationIcon,
    // The platform's view of organizations (the manager area): listing every one, and deleting any. Inside
    // one, its statements are better-auth's (src/features/auth/permissions.ts).
    permissions: { platform: ['list', 'delete'] },
    audit: {
      verbs: [
        'create',
        'update',
        'delete',
        'invite',
        'cancel-invitation',
        'accept-invitation',
        'reject-invitation',
        'update-member-role',
        'remove-member',
        'leave',
        'create-team',
        'update-team',
        'delete-team',
        'add-team-member',
        'remove-team-member',
      ],
      group: 'organizations',
      groupLabel: 'audit:groups.organizations',
      targetLabel: 'audit:targetTypes.organization',
      detail: '/manager/organizations/$id',
    },
    nav: {
      app: { to: '/app/organization', label: 'organization:settings.nav' },
      manager: { to: '/manager/organizations', label: 'organization:manager.nav', group: 'configuration' },
    },
  },
  audit: {
    noun: 'audit',
    icon: AuditIcon,
    // The log itself: its export is the system's, like the retention job's purge (src/features/audit/schema.ts).
    audit: {
      verbs: ['export'],
      group: 'system',
      groupLabel: 'audit:groups.system',
      targetLabel: 'audit:targetTypes.audit',
    },
    list: {
      name: 'audit',
      // Its filters name every entity's group and target type: this registry, read when a view is.
      search: auditSearchOf((): EntityRegistry => entities),
      defaults: auditViewDefaults,
      // The trail names users and what was done to them: the user list's permission.
      read: { user: ['list'] },
    },
    nav: { manager: { to: '/manager/audit', label: 'audit:nav', group: 'configuration' } },
    exports: [{ path: '/api/export/audit', access: { user: ['list'] } }],
  },
  jobs: {
    noun: 'jobs',
    icon: JobsIcon,
    // The background job queue (src/server/jobs): its failed jobs retried or deleted on /manager/jobs, the
    // system's own work like the audit log's purge. The page needs the audit log's permission.
    audit: {
      verbs: ['retry', 'delete'],
      group: 'system',
      groupLabel: 'audit:groups.system',
      targetLabel: 'jobs:audit.target',
    },
    nav: { manager: { to: '/manager/jobs', label: 'jobs:nav', group: 'configuration' } },
  },
  apiKey: {
    noun: 'api-key',
    icon: ApiKeyIcon,
    // An organization's keys to the public API (src/features/api-key): made and revoked by its owners and
    // admins (the organization statement `apiKey`, src/features/auth/permissions.ts); the platform's admins
    // list and revoke any organization's from the manager's organization page.
    permissions: { platform: ['list', 'revoke'] },
    audit: {
      verbs: ['create', 'revoke'],
      group: 'organizations',
      groupLabel: 'audit:groups.organizations',
      targetLabel: 'api-key:audit.target',
    },
  },
  webhook: {
    noun: 'webhook',
    icon: WebhookIcon,
    // An organization's outgoing webhooks (src/features/webhook): its owners and admins manage them (the
    // organization statement `webhook`, src/features/auth/permissions.ts).
    audit: {
      verbs: ['create', 'update', 'rotate-secret', 'delete'],
      group: 'organizations',
      groupLabel: 'audit:groups.organizations',
      targetLabel: 'webhook:audit.target',
    },
  },
  billing: {
    noun: 'billing',
    icon: BillingIcon,
    // An organization's plan and subscription (src/features/billing): its owners pay (the organization
    // statement `billing`); Stripe's events change it, each change in the log with no person as actor.
    audit: {
      verbs: ['change'],
      group: 'organizations',
      groupLabel: 'audit:groups.organizations',
      targetLabel: 'billing:audit.target',
    },
  },
  // New entities: pnpm scaffold:entity adds them above this line.
} as const satisfies EntityRegistry;

export type Entities = typeof entities;

/** Every i18n namespace: the app's own (app.config.ts) and each entity's. */
export const i18nNamespaces: readonly string[] = [
  ...appConfig.i18n.namespaces,
  ...Object.values(entities).map((entity) => entity.noun),
];
