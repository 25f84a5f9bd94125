import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import {
  grants as declaredGrants,
  type PermissionRequest,
  roleCan,
  statements,
  userCan,
} from '@/features/auth/permissions';
import { session, user } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { createTestAuth, type TestAuth } from '@/test/auth';

// The server's decisions (better-auth's admin plugin configured by `createAuth`), checked against the
// declared table of spec §6 (`grants` in permissions.ts). The cases are generated from `statements`, so a
// statement added there is covered (and, until granted, expected refused).

type Resource = keyof typeof statements;
type Grants = { [R in Resource]?: readonly string[] };

const spec: Record<keyof typeof declaredGrants, Grants> = declaredGrants;

const everyAction = (Object.keys(statements) as Resource[]).flatMap((resource) =>
  statements[resource].map((action) => ({ resource, action: action as string })),
);

const grants = (roles: (keyof typeof spec)[], resource: Resource, action: string) =>
  roles.some((role) => spec[role][resource]?.includes(action) ?? false);

const casesFor = (roles: (keyof typeof spec)[]) =>
  everyAction.map(({ resource, action }) => ({
    resource,
    action,
    expected: grants(roles, resource, action),
    verdict: grants(roles, resource, action) ? 'grants' : 'refuses',
  }));

let t: TestAuth;
const ids = { user: '', admin: '', union: '', listed: '', otherAdmin: '', plain: '' };

async function idOf(email: string): Promise<string> {
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestAuth();
  await seedDatabase(t.db);
  ids.user = await idOf(appConfig.seed.userEmail);
  ids.admin = await idOf(appConfig.seed.adminEmail);
  // Generated seed users (role `user`), given the roles the tests need.
  const rows = await t.db
    .select({ id: user.id })
    .from(user)
    .where(and(like(user.email, '%@example.com'), eq(user.role, 'user')))
    .orderBy(user.email)
    .limit(4);
  expect(rows).toHaveLength(4);
  [ids.union, ids.listed, ids.otherAdmin, ids.plain] = rows.map((r) => r.id) as [
    string,
    string,
    string,
    string,
  ];
  await t.db.update(user).set({ role: 'user,admin' }).where(eq(user.id, ids.union));
  await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, ids.otherAdmin));
});

afterAll(async () => {
  await t?.close();
});

/** The server's answer to "may `userId` do `action` on `resource`?" (no request: it reads the user row). */
async function serverAllows(auth: TestAuth, userId: string, resource: Resource, action: string) {
  const result = await auth.auth.api.userHasPermission({
    body: { userId, permissions: { [resource]: [action] } },
  });
  expect(result.error).toBeNull();
  return result.success;
}

/** Signs `userId` in with an e-mailed code and returns the session cookie. */
async function signInAs(auth: TestAuth, userId: string): Promise<string> {
  const [row] = await auth.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return (await auth.signedIn(row.email)).cookie;
}

describe('permission table of spec §6, as the server decides', () => {
  it('covers every statement', () => {
    expect(everyAction.length).toBe(Object.values(statements).reduce((n, actions) => n + actions.length, 0));
    // Every granted action exists: a typo in the table above would otherwise pass as "refused".
    for (const grantsOfRole of Object.values(spec)) {
      for (const [resource, actions] of Object.entries(grantsOfRole)) {
        for (const action of actions) {
          expect(statements[resource as Resource] as readonly string[]).toContain(action);
        }
      }
    }
  });

  describe.each(['user', 'admin'] as const)('seeded %s', (role) => {
    it.each(casesFor([role]))('$verdict $resource:$action', async ({ resource, action, expected }) => {
      const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, ids[role]));
      expect(row?.role).toBe(role);
      expect(await serverAllows(t, ids[role], resource, action)).toBe(expected);
      // The UI mirror and the server functions' in-process check agree with better-auth.
      const request = { [resource]: [action] } as PermissionRequest;
      expect(roleCan(row?.role, request)).toBe(expected);
      expect(userCan({ id: ids[role], role: row?.role }, request, [])).toBe(expected);
    });
  });

  describe("role value 'user,admin' (set in the database)", () => {
    it.each(casesFor(['user', 'admin']))(
      '$verdict $resource:$action',
      async ({ resource, action, expected }) => {
        expect(await serverAllows(t, ids.union, resource, action)).toBe(expected);
        expect(roleCan('user,admin', { [resource]: [action] } as PermissionRequest)).toBe(expected);
        expect(
          userCan({ id: ids.union, role: 'user,admin' }, { [resource]: [action] } as PermissionRequest, []),
        ).toBe(expected);
      },
    );
  });
});

describe('ADMIN_USER_IDS', () => {
  it('passes every check for a listed user whose role is `user`', async () => {
    const listing = t.derive({ env: { ADMIN_USER_IDS: `someone-else, ${ids.listed}` } });
    const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, ids.listed));
    expect(row?.role).toBe('user');
    for (const { resource, action } of everyAction) {
      expect(await serverAllows(listing, ids.listed, resource, action), `${resource}:${action}`).toBe(true);
      const request = { [resource]: [action] } as PermissionRequest;
      expect(userCan({ id: ids.listed, role: 'user' }, request, listing.env.ADMIN_USER_IDS)).toBe(true);
      expect(userCan({ id: ids.listed, role: 'user' }, request, [])).toBe(grants(['user'], resource, action));
      // Without the listing the same user is a plain user.
      expect(await serverAllows(t, ids.listed, resource, action), `${resource}:${action}`).toBe(
        grants(['user'], resource, action),
      );
    }

    // Through HTTP as well: the listed user may list users only where listed.
    const cookie = await signInAs(listing, ids.listed);
    const listed = await listing.request('GET', '/admin/list-users', undefined, { cookie });
    expect(listed.status, listed.text).toBe(200);
    const unlisted = await t.request('GET', '/admin/list-users', undefined, { cookie });
    expect(unlisted.status).toBe(403);
    expect(unlisted.body?.code).toBe('YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');
  });
});

describe('impersonation and admin routes over HTTP', () => {
  let adminCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    adminCookie = await signInAs(t, ids.admin);
    userCookie = await signInAs(t, ids.user);
  });

  it('lets an admin list users', async () => {
    const listed = await t.request('GET', '/admin/list-users', undefined, { cookie: adminCookie });
    expect(listed.status, listed.text).toBe(200);
    expect(Array.isArray(listed.body?.users)).toBe(true);
  });

  it('lets an admin impersonate a plain user for at most an hour', async () => {
    expect(appConfig.auth.impersonationMaxMinutes).toBe(60);
    const started = Date.now();
    const answer = await t.request(
      'POST',
      '/admin/impersonate-user',
      { userId: ids.plain },
      { cookie: adminCookie },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.cookie).toBeDefined();
    expect(answer.cookie).not.toBe(adminCookie);

    const created = answer.body?.session as { token: string; userId: string; impersonatedBy: string };
    expect(created).toMatchObject({ userId: ids.plain, impersonatedBy: ids.admin });
    const [stored] = await t.db.select().from(session).where(eq(session.token, created.token));
    expect(stored).toMatchObject({ userId: ids.plain, impersonatedBy: ids.admin });
    const hour = 3_600_000;
    const minute = 60_000;
    expect(stored?.expiresAt.getTime()).toBeGreaterThanOrEqual(started + hour - minute);
    expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + hour + minute);

    // The new cookie is a session of the impersonated user, marked with the admin.
    const current = await t.getSession(answer.cookie as string);
    expect(current.status).toBe(200);
    expect(current.body?.user).toMatchObject({ id: ids.plain });
    expect(current.body?.session).toMatchObject({ impersonatedBy: ids.admin });
  });

  it.each([
    { name: 'an admin', target: () => ids.otherAdmin },
    { name: "a 'user,admin'", target: () => ids.union },
  ])('refuses to let an admin impersonate $name', async ({ target }) => {
    const answer = await t.request(
      'POST',
      '/admin/impersonate-user',
      { userId: target() },
      { cookie: adminCookie },
    );
    expect(answer.status).toBe(403);
    expect(answer.body?.code).toBe('YOU_CANNOT_IMPERSONATE_ADMINS');
    expect(answer.cookie).toBeUndefined();
    expect(await t.db.select().from(session).where(eq(session.userId, target()))).toHaveLength(0);
  });

  it('refuses a plain user impersonation and the user list', async () => {
    const impersonate = await t.request(
      'POST',
      '/admin/impersonate-user',
      { userId: ids.plain },
      { cookie: userCookie },
    );
    expect(impersonate.status).toBe(403);
    expect(impersonate.body?.code).toBe('YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS');
    expect(impersonate.cookie).toBeUndefined();

    const list = await t.request('GET', '/admin/list-users', undefined, { cookie: userCookie });
    expect(list.status).toBe(403);
    expect(list.body?.code).toBe('YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');
    expect(list.body?.users).toBeUndefined();
  });

  it("ends a user's sessions at once when an admin bans them", async () => {
    const bannedCookie = await signInAs(t, ids.plain);
    expect((await t.getSession(bannedCookie)).body?.user).toMatchObject({ id: ids.plain });

    const banned = await t.request(
      'POST',
      '/admin/ban-user',
      { userId: ids.plain, banReason: 'test', banExpiresIn: 3_600 },
      { cookie: adminCookie },
    );
    expect(banned.status, banned.text).toBe(200);
    expect(await t.db.select().from(session).where(eq(session.userId, ids.plain))).toHaveLength(0);
    expect((await t.getSession(bannedCookie)).body).toBeNull();

    const unbanned = await t.request(
      'POST',
      '/admin/unban-user',
      { userId: ids.plain },
      { cookie: adminCookie },
    );
    expect(unbanned.status, unbanned.text).toBe(200);
  });

  it('refuses both routes without a session', async () => {
    const impersonate = await t.request('POST', '/admin/impersonate-user', { userId: ids.plain });
    expect(impersonate.status).toBe(401);
    expect((await t.request('GET', '/admin/list-users')).status).toBe(401);
  });
});
