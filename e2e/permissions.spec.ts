// The permission matrix: every server function in src, every route of better-auth's admin, passkey and
// organization plugins, called over HTTP by each identity spec §6 names (anonymous, a
// non-member, an organization's member, admin and owner, a platform admin, the read-only demo), against
// the production servers. The lists are enumerated (source files, better-auth's admin and organization
// plugins), so a new function or route that is missing from the expectations below fails this test until
// someone decides who may call it. Expectations are never written per identity: they follow from the rule
// through the grants tables (`roleCan`, `organizationCan` in permissions.ts).
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  expect,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { passkey } from '@better-auth/passkey';
import { admin, organization } from 'better-auth/plugins';
import { serverFnId } from '../scripts/server-fn-id.ts';
import {
  type OrganizationPermissionRequest,
  type PermissionRequest,
  type RoleName,
  organizationCan,
  roleCan,
} from '../src/features/auth/permissions.ts';
import { demoOrigin, signInDemo } from './support/demo';
import { declaredServerFunctions } from './support/server-functions';
import { newEmail, seededAdmin, signIn } from './support/session';

/** What a caller sees: refused before the handler (with which code) or let through to it. */
type Outcome = 'UNAUTHORIZED' | 'FORBIDDEN' | 'NO_ACTIVE_ORGANIZATION' | 'DEMO_MODE' | 'NOT_FOUND' | 'passes';

/** An answer's error code as the matrix reads it: one of its refusals, or the call got through. */
function refusalOrPasses(code: unknown): Outcome {
  return code === 'UNAUTHORIZED' ||
    code === 'FORBIDDEN' ||
    code === 'DEMO_MODE' ||
    code === 'NO_ACTIVE_ORGANIZATION'
    ? code
    : 'passes';
}

/**
 * Who may call a function or route: everyone; any signed-in user; those whose platform role grants a
 * permission (`roleCan`); any member of the organization (the caller's active one for server functions,
 * the one named for an organization route); members whose organization role grants a permission there
 * (`organizationCan`); the invitation's recipient; or nobody (a route the product does not serve:
 * src/server/auth/routes.ts answers 404).
 */
type Rule =
  | 'public'
  | 'signed-in'
  | 'not-served'
  | 'organization-member'
  | 'invitation-recipient'
  | PermissionRequest
  | { organization: OrganizationPermissionRequest };

/** Every server function, by `file#export`, and who may call it: the permission its middleware requires. */
const SERVER_FUNCTIONS: Record<string, Rule> = {
  'src/features/auth/functions.ts#$getSession': 'public',
  'src/features/auth/functions.ts#$getAuthConfig': 'public',
  'src/features/auth/functions.ts#$completeOnboarding': 'signed-in',
  'src/features/preferences/functions.ts#$getI18nBootstrap': 'public',
  'src/features/account/functions.ts#$listSessions': 'signed-in',
  'src/features/account/functions.ts#$listLinkedProviders': 'signed-in',
  // The "Security alerts" switch: the caller's own setting (a POST, so the demo refuses the change).
  'src/features/account/functions.ts#$getSignInAlerts': 'signed-in',
  'src/features/account/functions.ts#$setSignInAlerts': 'signed-in',
  'src/features/passkey/functions.ts#$listPasskeys': 'signed-in',
  'src/features/passkey/functions.ts#$listUserPasskeys': { user: ['get'] },
  'src/features/passkey/functions.ts#$removeUserPasskey': { user: ['update'] },
  // A read of the caller's own data (five an hour; a refusal past that still counts as let through).
  'src/features/account/functions.ts#$exportMyData': 'signed-in',
  'src/features/organization/functions.ts#$listMyOrganizations': 'signed-in',
  'src/features/organization/functions.ts#$ensureWorkspace': 'signed-in',
  'src/features/organization/functions.ts#$listOrganizationChoices': {
    apps: ['manager'],
    repository: ['create'],
  },
  // The app area: the active organization's repositories, read by its members, changed by its owners and admins.
  'src/features/repository/functions.ts#$listRepositories': 'organization-member',
  'src/features/repository/functions.ts#$getRepository': 'organization-member',
  'src/features/repository/functions.ts#$createRepository': { organization: { repository: ['create'] } },
  'src/features/repository/functions.ts#$updateRepository': { organization: { repository: ['update'] } },
  'src/features/repository/functions.ts#$deleteRepository': { organization: { repository: ['delete'] } },
  'src/features/repository/functions.ts#$bulkDeleteRepositories': {
    organization: { repository: ['delete'] },
  },
  // The manager area: every organization's repositories, for the platform's admins.
  'src/features/repository/functions.ts#$listPlatformRepositories': {
    apps: ['manager'],
    repository: ['read'],
  },
  'src/features/repository/functions.ts#$getPlatformRepository': { apps: ['manager'], repository: ['read'] },
  'src/features/repository/functions.ts#$createPlatformRepository': {
    apps: ['manager'],
    repository: ['create'],
  },
  'src/features/repository/functions.ts#$updatePlatformRepository': {
    apps: ['manager'],
    repository: ['update'],
  },
  'src/features/repository/functions.ts#$deletePlatformRepository': {
    apps: ['manager'],
    repository: ['delete'],
  },
  'src/features/repository/functions.ts#$bulkDeletePlatformRepositories': {
    apps: ['manager'],
    repository: ['delete'],
  },
  'src/features/audit/functions.ts#$listAuditEntries': { user: ['list'] },
  'src/features/user/functions.ts#$listUsers': { user: ['list'] },
  'src/features/user/functions.ts#$getUser': { user: ['list'] },
  'src/features/user/functions.ts#$listUserSessions': { session: ['list'] },
  // The list's permission at the door (a view is resolved to users); each action's own before any row.
  'src/features/user/functions.ts#$bulkUserAction': { user: ['list'] },
  'src/features/dashboard/functions.ts#$getDashboard': { apps: ['manager'], user: ['list'] },
  // The invitation link's page: the visitor may not be signed in yet.
  'src/features/organization/functions.ts#$getInvitation': 'public',
  'src/features/organization/functions.ts#$listTeams': 'organization-member',
  'src/features/organization/functions.ts#$getActiveOrganization': 'organization-member',
  // The manager area's view of organizations: the platform permission, not a membership.
  'src/features/organization/functions.ts#$listPlatformOrganizations': {
    apps: ['manager'],
    organization: ['list'],
  },
  'src/features/organization/functions.ts#$getPlatformOrganization': {
    apps: ['manager'],
    organization: ['list'],
  },
  'src/features/organization/functions.ts#$listUserOrganizations': {
    apps: ['manager'],
    organization: ['list'],
  },
  'src/features/organization/functions.ts#$deletePlatformOrganization': {
    apps: ['manager'],
    organization: ['delete'],
  },
  // An admin's own saved views of the manager's lists; each list's views also need that list's permission
  // (checked in the handler: the payload names the list).
  'src/features/saved-view/functions.ts#$listSavedViews': { apps: ['manager'] },
  'src/features/saved-view/functions.ts#$saveView': { apps: ['manager'] },
  'src/features/saved-view/functions.ts#$renameSavedView': { apps: ['manager'] },
  'src/features/saved-view/functions.ts#$deleteSavedView': { apps: ['manager'] },
};

/**
 * Every server route under src/routes/api but better-auth's (below), each a GET, and who may call it:
 * the same rules as the server function reading the same list. A read, so the demo serves it.
 */
const API_ROUTES: Record<string, Rule> = {
  '/api/health': 'public',
  '/api/ready': 'public',
  // Development only: a production server answers 404.
  '/api/dev/emails': 'not-served',
  // The lists' CSV exports (as $listUsers, $listRepositories and $listPlatformRepositories).
  '/api/export/users': { user: ['list'] },
  '/api/export/repositories': 'organization-member',
  '/api/export/platform-repositories': { apps: ['manager'], repository: ['read'] },
  // The audit log's CSV export (as $listAuditEntries).
  '/api/export/audit': { user: ['list'] },
};

/** Paths of the server routes in src/routes/api, read from their sources, better-auth's catch-all aside. */
function declaredApiRoutes(): string[] {
  return readdirSync('src/routes/api', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => {
      const path = /createFileRoute\('([^']+)'\)/.exec(
        readFileSync(joinPath('src/routes/api', file), 'utf8'),
      )?.[1];
      return path && path !== '/api/auth/$' ? [path] : [];
    });
}

/** A server route's refusal: its JSON code (or 404); any other answer means the call got through. */
function apiRouteOutcome(status: number, text: string): Outcome {
  if (status === 404) return 'NOT_FOUND';
  let code: unknown;
  try {
    code = (JSON.parse(text) as { code?: unknown } | null)?.code;
  } catch {
    code = undefined;
  }
  return refusalOrPasses(code);
}

/**
 * What a route's body names, per server: the organization under test and targets chosen so that a call
 * let through changes nothing lasting (it fails on the target after better-auth's checks, or repeats what
 * is already so) while every refusal comes first.
 */
type Targets = {
  organizationId: string;
  /** Another organization's slug: creating one with it, or renaming to it, fails after the checks. */
  otherSlug: string;
  /** Its owner (inviting a member fails after the checks; adding to a team that does not exist too). */
  ownerEmail: string;
  ownerUserId: string;
  /**
   * A member of its own, not one of the callers: a let-through removal removes them (`restoreDecoy` adds
   * them back, with a new membership id); setting the role they already have changes nothing.
   */
  decoyEmail: string;
  decoyMemberId: string;
  /** A pending invitation that a let-through cancels (again). */
  invitationToCancel: string;
  /** A pending invitation to an address none of the callers has. */
  invitationToStranger: string;
  restoreDecoy: () => Promise<void>;
};

type AuthRoute = {
  rule: Rule;
  body?: Record<string, unknown> | ((targets: Targets) => Record<string, unknown>);
  query?: Record<string, string>;
  /** A POST a read-only demo still serves: it only reads, or changes only the caller's own session. */
  demo?: boolean;
  /** A GET that starts a change (a passkey ceremony's options): refused in a read-only demo. */
  starts?: boolean;
  /** What puts things back after a call let through (for a let-through that is not harmless by itself). */
  restore?: (targets: Targets) => Promise<void>;
};

/**
 * better-auth admin routes with a body that names nobody (a let-through call then fails harmlessly).
 * `stop-impersonating` is for whoever is impersonating.
 */
const ADMIN_ROUTES: Record<string, AuthRoute> = {
  '/admin/set-role': { rule: { user: ['set-role'] }, body: { userId: 'no-such-user', role: 'user' } },
  '/admin/get-user': { rule: 'not-served', query: { id: 'no-such-user' } },
  '/admin/create-user': {
    rule: { user: ['create'] },
    body: { email: 'not-an-address', name: 'x', role: 'user' },
  },
  '/admin/update-user': { rule: { user: ['update'] }, body: { userId: 'no-such-user', data: { name: 'x' } } },
  '/admin/list-users': { rule: { user: ['list'] } },
  // Hands raw session tokens to the browser; the user detail page uses $listUserSessions instead.
  '/admin/list-user-sessions': { rule: 'not-served', body: { userId: 'no-such-user' }, demo: true },
  '/admin/unban-user': { rule: { user: ['ban'] }, body: { userId: 'no-such-user' } },
  '/admin/ban-user': { rule: { user: ['ban'] }, body: { userId: 'no-such-user' } },
  '/admin/impersonate-user': { rule: { user: ['impersonate'] }, body: { userId: 'no-such-user' } },
  '/admin/stop-impersonating': { rule: 'signed-in', body: {} },
  '/admin/revoke-user-session': { rule: { session: ['revoke'] }, body: { sessionToken: 'no-such-session' } },
  '/admin/revoke-user-sessions': { rule: { session: ['revoke'] }, body: { userId: 'no-such-user' } },
  '/admin/remove-user': { rule: { user: ['delete'] }, body: { userId: 'no-such-user' } },
  '/admin/set-user-password': {
    rule: 'not-served',
    body: { userId: 'no-such-user', newPassword: 'x'.repeat(12) },
  },
  '/admin/has-permission': { rule: 'not-served', body: { permissions: { user: ['list'] } }, demo: true },
};

/**
 * better-auth organization routes, each with the permission better-auth checks in the organization the
 * body names (its handlers' `hasPermission` calls). Reads go through the product's server functions; the
 * plugin's own read routes are not served.
 */
const ORGANIZATION_ROUTES: Record<string, AuthRoute> = {
  '/organization/set-active': {
    rule: 'organization-member',
    body: (t) => ({ organizationId: t.organizationId }),
    demo: true,
  },
  '/organization/create': { rule: 'signed-in', body: (t) => ({ name: 'Taken', slug: t.otherSlug }) },
  '/organization/update': {
    rule: { organization: { organization: ['update'] } },
    body: (t) => ({ organizationId: t.organizationId, data: { slug: t.otherSlug } }),
  },
  '/organization/invite-member': {
    rule: { organization: { invitation: ['create'] } },
    body: (t) => ({ organizationId: t.organizationId, email: t.ownerEmail, role: 'member' }),
  },
  '/organization/cancel-invitation': {
    rule: { organization: { invitation: ['cancel'] } },
    body: (t) => ({ invitationId: t.invitationToCancel }),
  },
  // None of the callers is the recipient: the invitation's page is for its address alone.
  '/organization/accept-invitation': {
    rule: 'invitation-recipient',
    body: (t) => ({ invitationId: t.invitationToStranger }),
  },
  '/organization/reject-invitation': {
    rule: 'invitation-recipient',
    body: (t) => ({ invitationId: t.invitationToStranger }),
  },
  '/organization/update-member-role': {
    rule: { organization: { member: ['update'] } },
    body: (t) => ({ organizationId: t.organizationId, memberId: t.decoyMemberId, role: 'member' }),
  },
  // better-auth looks the member up before its permission check, so the target is a real one.
  '/organization/remove-member': {
    rule: { organization: { member: ['delete'] } },
    body: (t) => ({ organizationId: t.organizationId, memberIdOrEmail: t.decoyEmail }),
    restore: (t) => t.restoreDecoy(),
  },
  '/organization/create-team': {
    rule: { organization: { team: ['create'] } },
    body: (t) => ({ organizationId: t.organizationId, name: 'Matrix' }),
  },
  '/organization/update-team': {
    rule: { organization: { team: ['update'] } },
    body: (t) => ({ teamId: 'no-such-team', data: { organizationId: t.organizationId, name: 'x' } }),
  },
  '/organization/remove-team': {
    rule: { organization: { team: ['delete'] } },
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team' }),
  },
  '/organization/add-team-member': {
    rule: { organization: { member: ['update'] } },
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team', userId: t.ownerUserId }),
  },
  '/organization/remove-team-member': {
    rule: { organization: { member: ['delete'] } },
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team', userId: t.ownerUserId }),
  },
  // These two end a let-through caller's membership or the organization itself: `callOrder` puts them last.
  '/organization/leave': { rule: 'organization-member', body: (t) => ({ organizationId: t.organizationId }) },
  '/organization/delete': {
    rule: { organization: { organization: ['delete'] } },
    body: (t) => ({ organizationId: t.organizationId }),
  },
  '/organization/get-organization': { rule: 'not-served' },
  '/organization/get-full-organization': { rule: 'not-served' },
  '/organization/list': { rule: 'not-served' },
  '/organization/get-invitation': { rule: 'not-served', query: { id: 'no-such-invitation' } },
  '/organization/list-invitations': { rule: 'not-served' },
  '/organization/get-active-member': { rule: 'not-served' },
  '/organization/check-slug': { rule: 'not-served', body: { slug: 'acme' }, demo: true },
  '/organization/list-user-invitations': { rule: 'not-served' },
  '/organization/list-members': { rule: 'not-served' },
  '/organization/get-active-member-role': { rule: 'not-served' },
  '/organization/list-teams': { rule: 'not-served' },
  '/organization/set-active-team': { rule: 'not-served', body: { teamId: null } },
  '/organization/list-user-teams': { rule: 'not-served' },
  '/organization/list-team-members': { rule: 'not-served' },
  '/organization/has-permission': {
    rule: 'not-served',
    body: { permissions: { organization: ['update'] } },
    demo: true,
  },
};

/**
 * better-auth's passkey routes. The ceremonies' second legs get an answer no challenge was issued for, so a
 * let-through call fails after the checks; the plugin's own list is not served (it carries key material).
 */
const PASSKEY_ROUTES: Record<string, AuthRoute> = {
  '/passkey/generate-register-options': { rule: 'signed-in', starts: true },
  '/passkey/verify-registration': { rule: 'signed-in', body: { response: { id: 'no-such-credential' } } },
  '/passkey/generate-authenticate-options': { rule: 'public', starts: true },
  '/passkey/verify-authentication': { rule: 'public', body: { response: { id: 'no-such-credential' } } },
  '/passkey/list-user-passkeys': { rule: 'not-served' },
  '/passkey/update-passkey': { rule: 'signed-in', body: { id: 'no-such-passkey', name: 'x' } },
  '/passkey/delete-passkey': { rule: 'signed-in', body: { id: 'no-such-passkey' } },
};

/**
 * The routes in calling order: leaving, then deleting the organization, after everything else. The
 * member's and the admin's let-through `leave` ends their membership (their `delete` is refused either
 * way); the owner's `delete` ends the organization, so the owner is the last caller on the main server.
 */
const LAST = ['/organization/leave', '/organization/delete'];
const callOrder = (routes: Record<string, AuthRoute>) =>
  Object.entries(routes).sort(([a], [b]) => LAST.indexOf(a) - LAST.indexOf(b));

type OrganizationRole = 'owner' | 'admin' | 'member';

type Caller = {
  identity: string;
  origin: string;
  request: APIRequestContext;
  /** Platform role; null when signed out. */
  role: RoleName | null;
  /** Role in the session's active organization (server functions act there); null without one. */
  activeRole: OrganizationRole | null;
  /** Role in the organization the routes' bodies name; null for a non-member. */
  testedRole: OrganizationRole | null;
  demo: boolean;
  targets: Targets;
  /** Puts the caller's session back as described (a call may have changed its active organization). */
  settle?: () => Promise<void>;
};

/**
 * An organization rule (`{ organization: { repository: ['create'] } }`), not a platform request naming the
 * platform's `organization` resource (`{ apps: ['manager'], organization: ['list'] }`).
 */
const isOrganizationRule = (rule: Rule): rule is { organization: OrganizationPermissionRequest } =>
  typeof rule === 'object' && 'organization' in rule && !Array.isArray(rule.organization);

const expected = (rule: Rule, caller: Caller, writes: boolean, scope: 'active' | 'named'): Outcome => {
  if (rule === 'not-served') return 'NOT_FOUND';
  if (caller.demo && writes) return 'DEMO_MODE';
  if (rule === 'public') return 'passes';
  if (caller.role === null) return 'UNAUTHORIZED';
  if (rule === 'signed-in') return 'passes';
  if (rule === 'invitation-recipient') return 'FORBIDDEN';
  if (rule === 'organization-member' || isOrganizationRule(rule)) {
    const role = scope === 'active' ? caller.activeRole : caller.testedRole;
    if (!role) return scope === 'active' ? 'NO_ACTIVE_ORGANIZATION' : 'FORBIDDEN';
    return rule === 'organization-member' || organizationCan(role, rule.organization)
      ? 'passes'
      : 'FORBIDDEN';
  }
  return roleCan(caller.role, rule) ? 'passes' : 'FORBIDDEN';
};

/** An error Start serialised into the answer: `"message":{"t":…,"s":"CODE"}` (seroval's string node). */
const SERIALISED_ERROR = /"message":\{"t":\d+,"s":"([A-Z_]+)(?::[^"]*)?"\}/;

/** The refusal in a server-function answer, if any; any other answer means the call got through. */
function serverFnOutcome(text: string): Outcome {
  return refusalOrPasses(SERIALISED_ERROR.exec(text)?.[1]);
}

/**
 * better-auth's answers to someone outside the organization a route names (which code depends on the
 * route: 400 or 403); a role without the permission gets a `YOU_ARE_NOT_ALLOWED_TO_…` code (403, or 401
 * for remove-member).
 */
const NOT_A_MEMBER = [
  'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
  'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
  'MEMBER_NOT_FOUND',
];

/** The refusal in a better-auth answer: signed out, refused there, DEMO_MODE, not served; else let through. */
function authOutcome(status: number, text: string): Outcome {
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string } | null)?.code;
  } catch {
    code = undefined;
  }
  if (code === 'DEMO_MODE') return 'DEMO_MODE';
  if (status === 404 && code === 'NOT_FOUND') return 'NOT_FOUND';
  if (status === 403 || code?.startsWith('YOU_ARE_NOT_ALLOWED_TO') || NOT_A_MEMBER.includes(code ?? '')) {
    return 'FORBIDDEN';
  }
  // The passkey plugin answers a key it does not know with 401: its own answer, after every check.
  if (status === 401 && code !== 'PASSKEY_NOT_FOUND') return 'UNAUTHORIZED';
  return 'passes';
}

const mainOrigin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

/**
 * Headers of a same-origin call from a client address of its own: the matrix makes a few hundred auth
 * calls a minute, past the per-address limit that protects real users (the e2e servers trust the proxy
 * header, as behind a proxy).
 */
const sameOrigin = (origin: string) => ({
  origin,
  'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

async function post(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(`${origin}/api/auth${path}`, { headers: sameOrigin(origin), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

async function sessionOf(request: APIRequestContext, origin: string) {
  const response = await request.get(`${origin}/api/auth/get-session`, { headers: sameOrigin(origin) });
  return (await response.json()) as {
    user: { id: string; email: string };
    session: { activeOrganizationId: string | null };
  };
}

/** `owner` invites `invitee` into the organization with `role` and they accept: their membership's id. */
async function join(
  owner: APIRequestContext,
  invitee: APIRequestContext,
  organizationId: string,
  role: string,
) {
  const origin = mainOrigin();
  const { user } = await sessionOf(invitee, origin);
  const invitation = await post(owner, origin, '/organization/invite-member', {
    organizationId,
    email: user.email,
    role,
  });
  const accepted = await post(invitee, origin, '/organization/accept-invitation', {
    invitationId: invitation.id,
  });
  return (accepted.member as { id: string }).id;
}

/**
 * The identities. The organization under test is the owner's own workspace, not the seeded Acme: the
 * owner's let-through `delete` removes it at the end (nothing about an organization's deletion can be
 * made harmless). Its admin and member join it by invitation; the non-member belongs to none of it and
 * has no active organization; the platform admin is the seeded admin (Acme's owner, active there).
 */
async function callers(browser: Browser): Promise<Caller[]> {
  const origin = mainOrigin();
  const contexts = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => browser.newContext()));
  const [anonymous, nonMember, member, orgAdmin, owner, decoy, demo] = contexts;
  if (!anonymous || !nonMember || !member || !orgAdmin || !owner || !decoy || !demo) {
    throw new Error('seven browser contexts');
  }
  // One after the other: onboarding runs in a browser page, and a loaded machine hydrates slowly.
  await signIn(await owner.newPage(), newEmail('matrix-owner'), { name: 'Matrix Owner' });
  await signIn(await orgAdmin.newPage(), newEmail('matrix-org-admin'), { name: 'Matrix Admin' });
  await signIn(await member.newPage(), newEmail('matrix-member'), { name: 'Matrix Member' });
  await signIn(await nonMember.newPage(), newEmail('matrix-outsider'), { name: 'Matrix Outsider' });
  await signIn(await decoy.newPage(), newEmail('matrix-decoy'));
  await signInDemo(await demo.newPage(), 'admin@example.com');
  // The seeded admin's session cookie (signed in once per run), sent with each of this caller's requests.
  const platformAdmin = await playwrightRequest.newContext({
    extraHTTPHeaders: { cookie: await seededAdmin(await anonymous.newPage(), origin) },
  });

  const ownerSession = await sessionOf(owner.request, origin);
  const organizationId = ownerSession.session.activeOrganizationId;
  if (!organizationId) throw new Error('the owner has a workspace after onboarding');
  await join(owner.request, orgAdmin.request, organizationId, 'admin');
  await join(owner.request, member.request, organizationId, 'member');
  const decoySession = await sessionOf(decoy.request, origin);
  const invite = async (label: string) =>
    String(
      (
        await post(owner.request, origin, '/organization/invite-member', {
          organizationId,
          email: newEmail(label),
          role: 'member',
        })
      ).id,
    );
  const targets: Targets = {
    organizationId,
    otherSlug: 'acme',
    ownerEmail: ownerSession.user.email,
    ownerUserId: ownerSession.user.id,
    decoyEmail: decoySession.user.email,
    decoyMemberId: '',
    invitationToCancel: await invite('matrix-cancelled'),
    invitationToStranger: await invite('matrix-stranger'),
    restoreDecoy: async () => {
      targets.decoyMemberId = await join(owner.request, decoy.request, organizationId, 'member');
    },
  };
  await targets.restoreDecoy();
  const setActive = (request: APIRequestContext, id: string | null) => async () => {
    await post(request, origin, '/organization/set-active', { organizationId: id });
  };
  await setActive(nonMember.request, null)();

  const main = { origin, demo: false, targets };
  return [
    {
      ...main,
      identity: 'anonymous',
      request: anonymous.request,
      role: null,
      activeRole: null,
      testedRole: null,
    },
    {
      ...main,
      identity: 'non-member',
      request: nonMember.request,
      role: 'user',
      activeRole: null,
      testedRole: null,
      settle: setActive(nonMember.request, null),
    },
    {
      ...main,
      identity: 'platform admin',
      request: platformAdmin,
      role: 'admin',
      activeRole: 'owner',
      testedRole: null,
      settle: setActive(platformAdmin, 'acme'),
    },
    {
      ...main,
      identity: 'member',
      request: member.request,
      role: 'user',
      activeRole: 'member',
      testedRole: 'member',
    },
    {
      ...main,
      identity: 'organization admin',
      request: orgAdmin.request,
      role: 'user',
      activeRole: 'admin',
      testedRole: 'admin',
    },
    // Last on the main server: its let-through `delete` removes the organization under test.
    {
      ...main,
      identity: 'owner',
      request: owner.request,
      role: 'user',
      activeRole: 'owner',
      testedRole: 'owner',
    },
    {
      identity: 'demo',
      origin: demoOrigin(),
      request: demo.request,
      role: 'admin',
      activeRole: 'owner',
      testedRole: 'owner',
      demo: true,
      // The demo refuses every change before looking at a target; only `set-active` runs, in Acme.
      targets: {
        ...targets,
        organizationId: 'acme',
        otherSlug: 'globex',
        restoreDecoy: async () => {},
      },
    },
  ];
}

test('every server function, admin, passkey and organization route refuses whom spec §6 says it must', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const declared = declaredServerFunctions();
  expect([...declared.keys()].sort(), 'server functions without an expectation (or gone)').toEqual(
    Object.keys(SERVER_FUNCTIONS).sort(),
  );
  const paths = (endpoints: Record<string, { path?: string }>) =>
    // An endpoint without a path is server-only (better-auth's addMember): no request reaches it.
    Object.values(endpoints).flatMap((endpoint) => (endpoint.path ? [endpoint.path] : []));
  expect(paths(admin().endpoints).sort(), 'admin routes without an expectation (or gone)').toEqual(
    Object.keys(ADMIN_ROUTES).sort(),
  );
  expect(
    paths(organization({ teams: { enabled: true } }).endpoints).sort(),
    'organization routes without an expectation (or gone)',
  ).toEqual(Object.keys(ORGANIZATION_ROUTES).sort());
  expect(paths(passkey().endpoints).sort(), 'passkey routes without an expectation (or gone)').toEqual(
    Object.keys(PASSKEY_ROUTES).sort(),
  );
  expect(declaredApiRoutes().sort(), 'server routes without an expectation (or gone)').toEqual(
    Object.keys(API_ROUTES).sort(),
  );

  const mismatches: string[] = [];
  for (const caller of await callers(browser)) {
    const headers = { origin: caller.origin, 'x-tsr-serverFn': 'true', accept: 'application/json' };
    for (const [key, method] of declared) {
      const [file = '', name = ''] = key.split('#');
      const url = `${caller.origin}/_serverFn/${serverFnId(file, name)}`;
      // No payload: the permission check runs before the validator, so a let-through call fails validation.
      const response = await caller.request.fetch(url, { method, headers });
      const got = serverFnOutcome(await response.text());
      const want = expected(SERVER_FUNCTIONS[key] ?? 'not-served', caller, method !== 'GET', 'active');
      if (got !== want) mismatches.push(`${caller.identity} ${key}: got ${got}, expected ${want}`);
      await caller.settle?.();
    }
    for (const [path, rule] of Object.entries(API_ROUTES)) {
      const response = await caller.request.get(`${caller.origin}${path}`, {
        headers: sameOrigin(caller.origin),
      });
      const got = apiRouteOutcome(response.status(), await response.text());
      const want = expected(rule, caller, false, 'active');
      if (got !== want)
        mismatches.push(`${caller.identity} ${path}: got ${got} (${response.status()}), expected ${want}`);
    }
    for (const [path, route] of callOrder({ ...ADMIN_ROUTES, ...PASSKEY_ROUTES, ...ORGANIZATION_ROUTES })) {
      const body = typeof route.body === 'function' ? route.body(caller.targets) : route.body;
      const method = body ? 'POST' : 'GET';
      const response = await caller.request.fetch(`${caller.origin}/api/auth${path}`, {
        method,
        headers: sameOrigin(caller.origin),
        ...(body ? { data: body } : {}),
        ...(route.query ? { params: route.query } : {}),
      });
      const text = await response.text();
      const got = authOutcome(response.status(), text);
      const writes = (method !== 'GET' || route.starts === true) && !route.demo;
      const want = expected(route.rule, caller, writes, 'named');
      if (got !== want) {
        mismatches.push(
          `${caller.identity} ${path}: got ${got} (${response.status()} ${text.slice(0, 120)}), expected ${want}`,
        );
      }
      if (got === 'passes' && !caller.demo) await route.restore?.(caller.targets);
      await caller.settle?.();
    }
  }
  expect(mismatches).toEqual([]);
});
