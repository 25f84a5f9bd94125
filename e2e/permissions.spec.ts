// The permission matrix: every server function in src, every route of better-auth's admin, passkey and
// organization plugins, called over HTTP by each identity spec §6 names (anonymous, a
// non-member, an organization's member, admin and owner, a platform admin, the read-only demo), against
// the production servers. Who may call each, and whether the demo runs it, is read from the policy tables
// (src/server/policy, ADR 032), whose unit test already fails for a function or route without a row; the
// plugins' routes the product does not serve are listed here. Expectations are never written per identity:
// they follow from the rule through the grants tables (`roleCan`, `organizationCan` in permissions.ts).
import { randomInt } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  expect,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { passkey } from '@better-auth/passkey';
import { admin, organization } from 'better-auth/plugins';
import { declaredApiRoutes } from '../scripts/declared-routes.ts';
import { serverFnId } from '../scripts/server-fn-id.ts';
import { API_ROUTES } from '../src/server/policy/api-routes.ts';
import { AUTH_ROUTES } from '../src/server/policy/auth-routes.ts';
import type { Access } from '../src/server/policy/policy.ts';
import { SERVER_FUNCTIONS } from '../src/server/policy/server-functions.ts';
import {
  type OrganizationPermissionRequest,
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

/** Who may call a function or route (the tables' `access`), or nobody: a route the product does not serve. */
type Rule = Access | 'not-served';

/**
 * A server route's rule: one that answers only in development is not served by the e2e servers, nor Stripe's
 * webhook, since they run without billing (e2e/billing.spec.ts calls it on an instance with billing on).
 */
const apiRule = (access: (typeof API_ROUTES)[number]['access']): Rule =>
  access === 'development' || access === 'stripe-signature' ? 'not-served' : access;

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

/**
 * How the matrix calls one of a plugin's routes; who may, and whether the demo runs it, come from the
 * policy table (`AUTH_ROUTES`), or it is `not-served` when the table does not list it.
 */
type AuthRoute = {
  body?: Record<string, unknown> | ((targets: Targets) => Record<string, unknown>);
  query?: Record<string, string>;
  /** What puts things back after a call let through (for a let-through that is not harmless by itself). */
  restore?: (targets: Targets) => Promise<void>;
};

/** The table's row for a plugin route, by path (each is served with one method). */
const servedRoute = (path: string) => AUTH_ROUTES.find((route) => route.path === path);

/**
 * better-auth admin routes with a body that names nobody (a let-through call then fails harmlessly).
 * `stop-impersonating` is for whoever is impersonating.
 */
const ADMIN_ROUTES: Record<string, AuthRoute> = {
  '/admin/set-role': { body: { userId: 'no-such-user', role: 'user' } },
  '/admin/get-user': { query: { id: 'no-such-user' } },
  '/admin/create-user': {
    body: { email: 'not-an-address', name: 'x', role: 'user' },
  },
  '/admin/update-user': { body: { userId: 'no-such-user', data: { name: 'x' } } },
  '/admin/list-users': {},
  // Hands raw session tokens to the browser; the user detail page uses $listUserSessions instead.
  '/admin/list-user-sessions': { body: { userId: 'no-such-user' } },
  '/admin/unban-user': { body: { userId: 'no-such-user' } },
  '/admin/ban-user': { body: { userId: 'no-such-user' } },
  '/admin/impersonate-user': { body: { userId: 'no-such-user' } },
  '/admin/stop-impersonating': { body: {} },
  '/admin/revoke-user-session': { body: { sessionToken: 'no-such-session' } },
  '/admin/revoke-user-sessions': { body: { userId: 'no-such-user' } },
  '/admin/remove-user': { body: { userId: 'no-such-user' } },
  '/admin/set-user-password': {
    body: { userId: 'no-such-user', newPassword: 'x'.repeat(12) },
  },
  '/admin/has-permission': { body: { permissions: { user: ['list'] } } },
};

/**
 * better-auth organization routes, each with the permission better-auth checks in the organization the
 * body names (its handlers' `hasPermission` calls). Reads go through the product's server functions; the
 * plugin's own read routes are not served.
 */
const ORGANIZATION_ROUTES: Record<string, AuthRoute> = {
  '/organization/set-active': {
    body: (t) => ({ organizationId: t.organizationId }),
  },
  '/organization/create': { body: (t) => ({ name: 'Taken', slug: t.otherSlug }) },
  '/organization/update': {
    body: (t) => ({ organizationId: t.organizationId, data: { slug: t.otherSlug } }),
  },
  '/organization/invite-member': {
    body: (t) => ({ organizationId: t.organizationId, email: t.ownerEmail, role: 'member' }),
  },
  '/organization/cancel-invitation': {
    body: (t) => ({ invitationId: t.invitationToCancel }),
  },
  // None of the callers is the recipient: the invitation's page is for its address alone.
  '/organization/accept-invitation': {
    body: (t) => ({ invitationId: t.invitationToStranger }),
  },
  '/organization/reject-invitation': {
    body: (t) => ({ invitationId: t.invitationToStranger }),
  },
  '/organization/update-member-role': {
    body: (t) => ({ organizationId: t.organizationId, memberId: t.decoyMemberId, role: 'member' }),
  },
  // better-auth looks the member up before its permission check, so the target is a real one.
  '/organization/remove-member': {
    body: (t) => ({ organizationId: t.organizationId, memberIdOrEmail: t.decoyEmail }),
    restore: (t) => t.restoreDecoy(),
  },
  '/organization/create-team': {
    body: (t) => ({ organizationId: t.organizationId, name: 'Matrix' }),
  },
  '/organization/update-team': {
    body: (t) => ({ teamId: 'no-such-team', data: { organizationId: t.organizationId, name: 'x' } }),
  },
  '/organization/remove-team': {
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team' }),
  },
  '/organization/add-team-member': {
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team', userId: t.ownerUserId }),
  },
  '/organization/remove-team-member': {
    body: (t) => ({ organizationId: t.organizationId, teamId: 'no-such-team', userId: t.ownerUserId }),
  },
  // These two end a let-through caller's membership or the organization itself: `callOrder` puts them last.
  '/organization/leave': { body: (t) => ({ organizationId: t.organizationId }) },
  '/organization/delete': {
    body: (t) => ({ organizationId: t.organizationId }),
  },
  '/organization/get-organization': {},
  '/organization/get-full-organization': {},
  '/organization/list': {},
  '/organization/get-invitation': { query: { id: 'no-such-invitation' } },
  '/organization/list-invitations': {},
  '/organization/get-active-member': {},
  '/organization/check-slug': { body: { slug: 'acme' } },
  '/organization/list-user-invitations': {},
  '/organization/list-members': {},
  '/organization/get-active-member-role': {},
  '/organization/list-teams': {},
  '/organization/set-active-team': { body: { teamId: null } },
  '/organization/list-user-teams': {},
  '/organization/list-team-members': {},
  '/organization/has-permission': {
    body: { permissions: { organization: ['update'] } },
  },
};

/**
 * better-auth's passkey routes. The ceremonies' second legs get an answer no challenge was issued for, so a
 * let-through call fails after the checks; the plugin's own list is not served (it carries key material).
 */
const PASSKEY_ROUTES: Record<string, AuthRoute> = {
  '/passkey/generate-register-options': {},
  '/passkey/verify-registration': { body: { response: { id: 'no-such-credential' } } },
  '/passkey/generate-authenticate-options': {},
  '/passkey/verify-authentication': { body: { response: { id: 'no-such-credential' } } },
  '/passkey/list-user-passkeys': {},
  '/passkey/update-passkey': { body: { id: 'no-such-passkey', name: 'x' } },
  '/passkey/delete-passkey': { body: { id: 'no-such-passkey' } },
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

const isApiScopeRule = (rule: Rule): rule is { apiScope: 'read' | 'write' } =>
  typeof rule === 'object' && 'apiScope' in rule;

const expected = (rule: Rule, caller: Caller, writes: boolean, scope: 'active' | 'named'): Outcome => {
  if (rule === 'not-served') return 'NOT_FOUND';
  if (caller.demo && writes) return 'DEMO_MODE';
  if (rule === 'public') return 'passes';
  // The public API reads a key, never the caller's session: every signed-in caller is as good as none.
  if (caller.role === null || isApiScopeRule(rule)) return 'UNAUTHORIZED';
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
  expect([...declared.keys()].sort(), 'server functions without a row (or gone)').toEqual(
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
  expect(declaredApiRoutes().sort(), 'server routes without a row (or gone)').toEqual(
    API_ROUTES.map((route) => `${route.path} ${route.method}`).sort(),
  );

  const mismatches: string[] = [];
  for (const caller of await callers(browser)) {
    const headers = { origin: caller.origin, 'x-tsr-serverFn': 'true', accept: 'application/json' };
    // Side by side, but the one function that can change the caller's session (a workspace made and made
    // active), which runs after them and is put back by `settle`.
    const changesSession = (key: string) => key.endsWith('#$ensureWorkspace');
    const call = async ([key, method]: [string, 'GET' | 'POST']) => {
      const [file = '', name = ''] = key.split('#');
      const url = `${caller.origin}/_serverFn/${serverFnId(file, name)}`;
      // No payload: the permission check runs before the validator, so a let-through call fails validation.
      const response = await caller.request.fetch(url, { method, headers });
      const got = serverFnOutcome(await response.text());
      const policy = SERVER_FUNCTIONS[key];
      const want = expected(policy?.access ?? 'not-served', caller, policy?.demo !== 'runs', 'active');
      if (got !== want) mismatches.push(`${caller.identity} ${key}: got ${got}, expected ${want}`);
    };
    await Promise.all([...declared].filter(([key]) => !changesSession(key)).map(call));
    for (const entry of [...declared].filter(([key]) => changesSession(key))) {
      await call(entry);
      await caller.settle?.();
    }
    for (const { path, method, access, demo } of API_ROUTES) {
      // A POST without a body: a let-through call fails on its input, after every refusal.
      const response = await caller.request.fetch(`${caller.origin}${path}`, {
        method,
        headers: sameOrigin(caller.origin),
        maxRedirects: 0,
      });
      const got = apiRouteOutcome(response.status(), await response.text());
      const want = expected(apiRule(access), caller, demo === 'refused', 'active');
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
      const served = servedRoute(path);
      const want = expected(served?.access ?? 'not-served', caller, served?.demo === 'refused', 'named');
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
