import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session, user } from '@/server/db/schema/index';
import { notSigningInOrOut } from '@/test/audit';
import { createTestAuth, type TestAuth } from '@/test/auth';

// What an admin may not do to other admins, through `auth.handler` as an attacker would try it: change
// another admin's address (then sign in as them), impersonate one, or ban, remove, demote or re-address a
// user listed in ADMIN_USER_IDS, whom only that user may change.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

async function signedInAs(role: string, name = `Has ${role}`) {
  const email = newAddress(role.replace(',', '-'));
  const { id } = await t.signedIn(email);
  await t.db.update(user).set({ role, name }).where(eq(user.id, id));
  return t.signedIn(email);
}

const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const sessionsOf = (id: string) => t.db.select().from(session).where(eq(session.userId, id));
const entriesAbout = (...ids: string[]) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(or(...ids.map((id) => eq(auditLog.targetId, id))), notSigningInOrOut));

describe("another admin's e-mail", () => {
  it('cannot be changed by an admin; their name and a plain user’s address still can', async () => {
    const me = await signedInAs('admin');
    const admin = await signedInAs('admin', 'Other admin');
    const union = await signedInAs('user,admin', 'Union admin');
    const plain = await signedInAs('user');
    const post = (path: string, body: unknown) =>
      t.request('POST', `/admin/${path}`, body, { cookie: me.cookie });

    for (const target of [admin, union]) {
      const refused = await post('update-user', { userId: target.id, data: { email: newAddress('taken') } });
      expect([refused.status, refused.body?.code]).toEqual([403, 'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL']);
      const withName = await post('update-user', {
        userId: target.id,
        data: { name: 'N', email: newAddress('n') },
      });
      expect(withName.body?.code).toBe('YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL');
      expect(await findUser(target.id)).toMatchObject({ email: target.email });
      // Sending the address it already has changes nothing, so it is not refused.
      const same = await post('update-user', {
        userId: target.id,
        data: { name: 'Renamed', email: target.email },
      });
      expect(same.status, same.text).toBe(200);
    }

    const moved = newAddress('moved');
    const plainMoved = await post('update-user', { userId: plain.id, data: { email: moved } });
    expect(plainMoved.status, plainMoved.text).toBe(200);
    expect(await findUser(plain.id)).toMatchObject({ email: moved });
    const mine = newAddress('mine');
    expect((await post('update-user', { userId: me.id, data: { email: mine } })).status).toBe(200);
  });
});

describe('a user listed in ADMIN_USER_IDS', () => {
  it('cannot be banned, removed, demoted or re-addressed by any other admin, listed or not', async () => {
    const listed = await signedInAs('admin', 'Owner');
    const fellow = await signedInAs('user', 'Fellow owner');
    const admin = await signedInAs('admin', 'Plain admin');
    const l = t.derive({ env: { ADMIN_USER_IDS: `${listed.id},${fellow.id}` } });
    const attempts: [string, unknown, string][] = [
      ['ban-user', { userId: listed.id }, 'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN'],
      ['remove-user', { userId: listed.id }, 'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN'],
      ['set-role', { userId: listed.id, role: 'user' }, 'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN'],
      ['update-user', { userId: listed.id, data: { role: 'user' } }, 'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN'],
      [
        'update-user',
        { userId: listed.id, data: { email: newAddress('x') } },
        'YOU_CANNOT_CHANGE_ANOTHER_ADMINS_EMAIL',
      ],
      ['impersonate-user', { userId: listed.id }, 'YOU_CANNOT_IMPERSONATE_ADMINS'],
    ];
    for (const actor of [admin, fellow]) {
      for (const [path, body, code] of attempts) {
        const refused = await l.request('POST', `/admin/${path}`, body, { cookie: actor.cookie });
        expect([refused.status, refused.body?.code], `${path} by ${actor.email}`).toEqual([403, code]);
      }
    }
    expect(await findUser(listed.id)).toMatchObject({ email: listed.email, role: 'admin', banned: false });
    expect(await sessionsOf(listed.id)).toHaveLength(2);
    expect(await entriesAbout(listed.id)).toEqual([]);

    // What does not take anything away stays open: a name, a role that keeps admin, the sessions list.
    const renamed = await l.request(
      'POST',
      '/admin/update-user',
      { userId: listed.id, data: { name: 'Boss' } },
      { cookie: admin.cookie },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const kept = await l.request(
      'POST',
      '/admin/set-role',
      { userId: listed.id, role: 'user,admin' },
      { cookie: admin.cookie },
    );
    expect(kept.status, kept.text).toBe(200);
  });

  it('may change their own e-mail, and may not impersonate another admin', async () => {
    const listed = await signedInAs('user', 'Owner');
    const admin = await signedInAs('admin', 'Some admin');
    const plain = await signedInAs('user', 'Customer');
    const l = t.derive({ env: { ADMIN_USER_IDS: listed.id } });
    const post = (path: string, body: unknown) =>
      l.request('POST', `/admin/${path}`, body, { cookie: listed.cookie });

    const mine = newAddress('owner-new');
    const moved = await post('update-user', { userId: listed.id, data: { email: mine } });
    expect(moved.status, moved.text).toBe(200);
    expect(await findUser(listed.id)).toMatchObject({ email: mine });

    const refused = await post('impersonate-user', { userId: admin.id });
    expect([refused.status, refused.body?.code]).toEqual([403, 'YOU_CANNOT_IMPERSONATE_ADMINS']);
    expect(refused.cookie).toBeUndefined();
    expect(await sessionsOf(admin.id)).toHaveLength(2);
    const allowed = await post('impersonate-user', { userId: plain.id });
    expect(allowed.status, allowed.text).toBe(200);
  });
});
