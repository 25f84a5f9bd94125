import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoles, roleCan, userCan } from '@/features/auth/permissions';
import { auditLog, session, user } from '@/server/db/schema/index';
import { notSigningInOrOut } from '@/test/audit';
import { createTestAuth, type TestAuth } from '@/test/auth';

// What better-auth's admin routes accept, sent as an attacker would send it (through `auth.handler`):
// exact types and known keys only, refused with the product's bare code before any rule or better-auth
// runs; and role values limited to the declared role names, so that none can break a permission check.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

/** Signs in with `role` stored first, so the session reads it. */
async function signedInAs(role: string) {
  const email = newAddress('someone');
  const { id } = await t.signedIn(email);
  await t.db
    .update(user)
    .set({ role, name: `Has ${role}` })
    .where(eq(user.id, id));
  return t.signedIn(email);
}

const post = (cookie: string | undefined, path: string, body: unknown) =>
  t.request('POST', `/admin/${path}`, body, cookie ? { cookie } : {});
const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const sessionsOf = (id: string) => t.db.select().from(session).where(eq(session.userId, id));
const entriesAbout = (...ids: string[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(or(...ids.map((id) => eq(auditLog.targetId, id))), notSigningInOrOut));

/** Words of a validator's own message (zod, better-call), which must never reach a caller. */
const LIBRARY_TEXT = /\[body|\[query|invalid input|expected|received|nonoptional/i;

function expectRefused(
  answer: { status: number; body: Record<string, unknown> | null; text: string },
  code: string,
  label: string,
) {
  expect([answer.status, answer.body?.code], label).toEqual([400, code]);
  expect(answer.text, label).not.toMatch(LIBRARY_TEXT);
}

describe('admin bodies', () => {
  it('refuse an id sent as an array, which better-auth would coerce past the "not yourself" guards', async () => {
    const me = await signedInAs('admin');
    const target = await signedInAs('user');
    for (const [path, body] of [
      ['set-role', { userId: [me.id], role: 'user' }],
      ['update-user', { userId: [me.id], data: { role: 'user' } }],
      ['impersonate-user', { userId: [me.id] }],
      ['ban-user', { userId: [target.id] }],
      ['remove-user', { userId: [target.id] }],
      ['revoke-user-sessions', { userId: [target.id] }],
      ['unban-user', { userId: [target.id] }],
    ] as const) {
      expectRefused(await post(me.cookie, path, body), 'VALIDATION_ERROR', path);
    }
    expect(await findUser(me.id)).toMatchObject({ role: 'admin', banned: false });
    expect(await findUser(target.id)).toMatchObject({ role: 'user', banned: false });
    expect(await sessionsOf(target.id)).toHaveLength(2);
    expect(await entriesAbout(me.id, target.id, '')).toEqual([]);
  });

  it('refuse unknown keys and wrong types on every route with a bare code, after the 401 and 403', async () => {
    const me = await signedInAs('admin');
    const plain = await signedInAs('user');
    const target = await signedInAs('user');
    const userId = target.id;
    const cases: [string, unknown, string][] = [
      ['create-user', { email: newAddress('x'), name: 'X', extra: true }, 'VALIDATION_ERROR'],
      ['create-user', { email: newAddress('x'), name: 'X', data: { emailVerified: true } }, 'INVALID_FIELDS'],
      ['create-user', { email: 5, name: 'X' }, 'INVALID_EMAIL'],
      ['create-user', { email: newAddress('x'), name: ['X'] }, 'INVALID_NAME'],
      ['update-user', { userId, data: { name: 'X' }, extra: 1 }, 'VALIDATION_ERROR'],
      ['update-user', { userId, data: {} }, 'VALIDATION_ERROR'],
      ['update-user', { userId, data: { banned: true } }, 'INVALID_FIELDS'],
      ['update-user', { userId, data: 'name' }, 'VALIDATION_ERROR'],
      ['set-role', { userId: 5, role: 'user' }, 'VALIDATION_ERROR'],
      ['ban-user', { userId, banExpiresIn: '3600' }, 'INVALID_BAN_DURATION'],
      ['ban-user', { userId, banExpiresIn: null }, 'INVALID_BAN_DURATION'],
      ['ban-user', { userId, banReason: 5 }, 'VALIDATION_ERROR'],
      ['ban-user', { userId, adminAuditStash: '{"actorId":"forged"}' }, 'VALIDATION_ERROR'],
      ['ban-user', JSON.parse(`{"userId":"${userId}","__proto__":{"banned":true}}`), 'VALIDATION_ERROR'],
      ['ban-user', null, 'VALIDATION_ERROR'],
      ['ban-user', [userId], 'VALIDATION_ERROR'],
      ['ban-user', userId, 'VALIDATION_ERROR'],
      ['unban-user', { userId: { id: userId } }, 'VALIDATION_ERROR'],
      ['remove-user', { userId: null }, 'VALIDATION_ERROR'],
      ['impersonate-user', { userId: true }, 'VALIDATION_ERROR'],
      ['revoke-user-sessions', { userId: 1 }, 'VALIDATION_ERROR'],
      ['revoke-user-session', { sessionId: ['x'] }, 'VALIDATION_ERROR'],
      ['revoke-user-session', {}, 'VALIDATION_ERROR'],
      ['revoke-user-session', { sessionId: 'a', sessionToken: 'b' }, 'VALIDATION_ERROR'],
      ['stop-impersonating', { userId }, 'VALIDATION_ERROR'],
    ];
    for (const [path, body, code] of cases) {
      const label = `${path} ${JSON.stringify(body)}`;
      expectRefused(await post(me.cookie, path, body), code, label);
      // Whoever may not use the route hears only that, before anything about the body.
      const stranger = await post(undefined, path, body);
      expect(stranger.status, label).toBe(401);
      expect(stranger.text, label).not.toMatch(LIBRARY_TEXT);
      if (path === 'stop-impersonating') continue;
      const forbidden = await post(plain.cookie, path, body);
      expect(forbidden.status, label).toBe(403);
      expect(forbidden.text, label).not.toMatch(LIBRARY_TEXT);
    }
    expect(await findUser(userId)).toMatchObject({ name: 'Has user', role: 'user', banned: false });
    expect(await sessionsOf(userId)).toHaveLength(2);
    expect(await entriesAbout(userId)).toEqual([]);
  });

  it('GET list-users refuses a malformed query with a bare code and answers a good one', async () => {
    const me = await signedInAs('admin');
    for (const query of [
      'sortDirection=up',
      'limit=abc',
      'unknown=1',
      'sortBy=banReason',
      'filterField=id',
    ]) {
      const answer = await t.request('GET', `/admin/list-users?${query}`, undefined, { cookie: me.cookie });
      expectRefused(answer, 'VALIDATION_ERROR', query);
    }
    const listed = await t.request(
      'GET',
      '/admin/list-users?limit=2&sortBy=email&searchValue=example',
      undefined,
      {
        cookie: me.cookie,
      },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body?.users).toHaveLength(2);
  });
});

describe('role values', () => {
  const bad: unknown[] = [
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'superuser',
    'Admin',
    '',
    ' admin',
    'admin,',
    'user,,admin',
    'admin,admin',
    ['admin'],
    5,
  ];

  it('are limited to the declared role names on create-user, update-user and set-role', async () => {
    const me = await signedInAs('admin');
    const target = await signedInAs('user');
    for (const role of bad) {
      const label = JSON.stringify(role);
      const email = newAddress('role');
      expectRefused(await post(me.cookie, 'create-user', { email, name: 'R', role }), 'INVALID_ROLE', label);
      expect(await t.db.select().from(user).where(eq(user.email, email)), label).toEqual([]);
      expectRefused(await post(me.cookie, 'set-role', { userId: target.id, role }), 'INVALID_ROLE', label);
      const update = await post(me.cookie, 'update-user', { userId: target.id, data: { role } });
      expectRefused(update, 'INVALID_ROLE', label);
    }
    expect((await findUser(target.id))?.role).toBe('user');

    const union = await post(me.cookie, 'set-role', { userId: target.id, role: 'user,admin' });
    expect(union.status, union.text).toBe(200);
    expect((await findUser(target.id))?.role).toBe('user,admin');
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'already stored as %j grant nothing and never answer 500',
    async (role) => {
      const odd = await signedInAs(role);
      const other = await signedInAs('user');
      expect((await t.getSession(odd.cookie)).body?.user).toMatchObject({ id: odd.id, role });
      expect(parseRoles(role)).toEqual([]);
      expect(roleCan(role, { apps: ['app'] })).toBe(false);
      expect(userCan({ id: odd.id, role }, { user: ['ban'] }, [])).toBe(false);
      const decided = await t.auth.api.userHasPermission({
        body: { userId: odd.id, permissions: { apps: ['app'] } },
      });
      expect(decided.success).toBe(false);

      const list = await t.request('GET', '/admin/list-users', undefined, { cookie: odd.cookie });
      expect([list.status, list.body?.code]).toEqual([403, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS']);
      for (const [path, body] of [
        ['ban-user', { userId: other.id }],
        ['set-role', { userId: odd.id, role: 'admin' }],
        ['impersonate-user', { userId: other.id }],
        ['revoke-user-sessions', { userId: other.id }],
      ] as const) {
        expect((await post(odd.cookie, path, body)).status, path).toBe(403);
      }
      expect(await findUser(odd.id)).toMatchObject({ role });
      expect(await findUser(other.id)).toMatchObject({ banned: false });
      expect(await sessionsOf(other.id)).toHaveLength(2);
    },
  );
});
