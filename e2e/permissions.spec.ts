// The permission matrix: every server function in src and every better-auth admin route, called over
// HTTP as {anonymous, user, admin, admin of the read-only demo}, against the production servers. Both
// lists are enumerated (source files, better-auth's admin plugin), so a new function or route that is
// missing from the expectations below fails this test until someone decides who may call it.
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { admin } from 'better-auth/plugins';
import { serverFnId } from '../scripts/server-fn-id.ts';
import { type PermissionRequest, roleCan } from '../src/features/auth/permissions.ts';
import { demoOrigin, signInDemo } from './support/demo';
import { declaredServerFunctions } from './support/server-functions';
import { newEmail, signIn, signInAdmin } from './support/session';

type Identity = 'anonymous' | 'user' | 'admin' | 'demoAdmin';
/** What a caller sees: refused before the handler (with which code) or let through to it. */
type Outcome = 'UNAUTHORIZED' | 'FORBIDDEN' | 'DEMO_MODE' | 'NOT_FOUND' | 'passes';

/**
 * Who may call a function: everyone, any signed-in user, those whose role grants the permission it
 * requires (decided by `grants` in permissions.ts, through `roleCan`), or nobody (an admin route the
 * product does not serve: src/server/auth/routes.ts answers 404).
 */
type Rule = 'public' | 'signed-in' | 'not-served' | PermissionRequest;

/** Every server function, by `file#export`, and who may call it: the permission its middleware requires. */
const SERVER_FUNCTIONS: Record<string, Rule> = {
  'src/features/auth/functions.ts#$getSession': 'public',
  'src/features/auth/functions.ts#$getAuthConfig': 'public',
  'src/features/auth/functions.ts#$completeOnboarding': 'signed-in',
  'src/features/preferences/functions.ts#$getI18nBootstrap': 'public',
  'src/features/account/functions.ts#$listSessions': 'signed-in',
  // The app area's read side: `repository: read`, which the user role has.
  'src/features/repository/functions.ts#$listRepositories': { repository: ['read'] },
  'src/features/repository/functions.ts#$getRepository': { repository: ['read'] },
  'src/features/repository/functions.ts#$createRepository': { repository: ['create'] },
  'src/features/repository/functions.ts#$updateRepository': { repository: ['update'] },
  'src/features/repository/functions.ts#$deleteRepository': { repository: ['delete'] },
  'src/features/audit/functions.ts#$listAuditEntries': { user: ['list'] },
  'src/features/user/functions.ts#$listUsers': { user: ['list'] },
  'src/features/user/functions.ts#$getUser': { user: ['list'] },
  'src/features/user/functions.ts#$listUserSessions': { session: ['list'] },
  'src/features/dashboard/functions.ts#$getDashboard': { apps: ['manager'], user: ['list'] },
};

/**
 * better-auth admin routes with a body that names nobody (a let-through call then fails harmlessly).
 * `read`: a POST that only reads, which the demo lets through. `stop-impersonating` is for whoever is
 * impersonating.
 */
const ADMIN_ROUTES: Record<
  string,
  { rule: Rule; body?: Record<string, unknown>; query?: Record<string, string>; read?: boolean }
> = {
  '/admin/set-role': { rule: { user: ['set-role'] }, body: { userId: 'no-such-user', role: 'user' } },
  '/admin/get-user': { rule: 'not-served', query: { id: 'no-such-user' } },
  '/admin/create-user': {
    rule: { user: ['create'] },
    body: { email: 'not-an-address', name: 'x', role: 'user' },
  },
  '/admin/update-user': { rule: { user: ['update'] }, body: { userId: 'no-such-user', data: { name: 'x' } } },
  '/admin/list-users': { rule: { user: ['list'] } },
  // Hands raw session tokens to the browser; the user detail page uses $listUserSessions instead.
  '/admin/list-user-sessions': { rule: 'not-served', body: { userId: 'no-such-user' }, read: true },
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
  '/admin/has-permission': { rule: 'not-served', body: { permissions: { user: ['list'] } }, read: true },
};

const expected = (rule: Rule, identity: Identity, writes: boolean): Outcome => {
  if (rule === 'not-served') return 'NOT_FOUND';
  if (identity === 'demoAdmin' && writes) return 'DEMO_MODE';
  if (rule === 'public') return 'passes';
  if (identity === 'anonymous') return 'UNAUTHORIZED';
  if (typeof rule === 'object' && !roleCan(identity === 'user' ? 'user' : 'admin', rule)) return 'FORBIDDEN';
  return 'passes';
};

/** An error Start serialised into the answer: `"message":{"t":…,"s":"CODE"}` (seroval's string node). */
const SERIALISED_ERROR = /"message":\{"t":\d+,"s":"([A-Z_]+)(?::[^"]*)?"\}/;

/** The refusal in a server-function answer, if any; any other answer means the call got through. */
function serverFnOutcome(text: string): Outcome {
  const code = SERIALISED_ERROR.exec(text)?.[1];
  return code === 'UNAUTHORIZED' || code === 'FORBIDDEN' || code === 'DEMO_MODE' ? code : 'passes';
}

/** The refusal in a better-auth answer: 401, 403 (or its DEMO_MODE code), else let through. */
async function authOutcome(status: number, text: string): Promise<Outcome> {
  if (text.includes('"DEMO_MODE"')) return 'DEMO_MODE';
  if (status === 404 && text.includes('"NOT_FOUND"')) return 'NOT_FOUND';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  return 'passes';
}

const mainOrigin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;

type Caller = { identity: Identity; origin: string; request: APIRequestContext };

async function callers(browser: Browser): Promise<Caller[]> {
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [anonymous, user, adminContext, demo] = contexts;
  if (!anonymous || !user || !adminContext || !demo) throw new Error('four browser contexts');
  const userPage = await user.newPage();
  await signIn(userPage, newEmail('matrix-user'), { name: 'Matrix User' });
  await signInAdmin(await adminContext.newPage(), { name: 'Matrix Admin' });
  await signInDemo(await demo.newPage(), 'admin@example.com');
  return [
    { identity: 'anonymous', origin: mainOrigin(), request: anonymous.request },
    { identity: 'user', origin: mainOrigin(), request: user.request },
    { identity: 'admin', origin: mainOrigin(), request: adminContext.request },
    { identity: 'demoAdmin', origin: demoOrigin(), request: demo.request },
  ];
}

test('every server function and admin route refuses whom spec §6 says it must', async ({ browser }) => {
  test.setTimeout(120_000);
  const declared = declaredServerFunctions();
  expect([...declared.keys()].sort(), 'server functions without an expectation (or gone)').toEqual(
    Object.keys(SERVER_FUNCTIONS).sort(),
  );
  const plugin = admin();
  const routes = Object.values(plugin.endpoints).map((endpoint) => endpoint.path);
  expect(routes.sort(), 'admin routes without an expectation (or gone)').toEqual(
    Object.keys(ADMIN_ROUTES).sort(),
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
      const want = expected(SERVER_FUNCTIONS[key] ?? 'not-served', caller.identity, method !== 'GET');
      if (got !== want) mismatches.push(`${caller.identity} ${key}: got ${got}, expected ${want}`);
    }
    for (const [path, { rule, body, query, read }] of Object.entries(ADMIN_ROUTES)) {
      const method = body ? 'POST' : 'GET';
      const response = await caller.request.fetch(`${caller.origin}/api/auth${path}`, {
        method,
        headers: { origin: caller.origin },
        ...(body ? { data: body } : {}),
        ...(query ? { params: query } : {}),
      });
      const got = await authOutcome(response.status(), await response.text());
      const want = expected(rule, caller.identity, method !== 'GET' && !read);
      if (got !== want)
        mismatches.push(`${caller.identity} ${path}: got ${got} (${response.status()}), expected ${want}`);
    }
  }
  expect(mismatches).toEqual([]);
});
