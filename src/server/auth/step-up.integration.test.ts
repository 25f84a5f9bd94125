import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { organization, passkey, session, user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';

// "Confirm it's you": every sensitive route and server function refuses a session signed in longer ago
// than `auth.recentSignInMinutes` with SESSION_NOT_FRESH and changes nothing; a fresh code in the same
// browser makes a new session that replaces the old one, and the action then goes through.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;
const STALE = new Date(Date.now() - (appConfig.auth.recentSignInMinutes + 1) * 60_000);

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

const makeStale = (userId: string) =>
  t.db.update(session).set({ createdAt: STALE }).where(eq(session.userId, userId));

async function signedInAdmin() {
  const email = newAddress('admin');
  const { id } = await t.signedIn(email);
  await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, id));
  return t.signedIn(email);
}

describe('the sensitive routes', () => {
  it('refuse a stale session with SESSION_NOT_FRESH and change nothing', async () => {
    const admin = await signedInAdmin();
    const target = await t.signedIn(newAddress('target'));
    await t.db.insert(passkey).values({
      id: 'stale-pk',
      userId: admin.id,
      publicKey: 'key',
      credentialID: 'stale-credential',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const owned = await t.request(
      'POST',
      '/organization/create',
      { name: 'Stale Org', slug: `stale-${admin.id.slice(0, 8).toLowerCase()}` },
      { cookie: admin.cookie },
    );
    expect(owned.status, owned.text).toBe(200);
    await makeStale(admin.id);
    const newAdmin = newAddress('new-admin');
    const calls: [string, Record<string, unknown>][] = [
      ['/admin/ban-user', { userId: target.id }],
      ['/admin/unban-user', { userId: target.id }],
      ['/admin/set-role', { userId: target.id, role: 'admin' }],
      // A role or an address changed in one go, and a new admin made: as much a takeover as set-role.
      ['/admin/update-user', { userId: target.id, data: { role: 'admin' } }],
      ['/admin/update-user', { userId: target.id, data: { email: newAddress('attacker') } }],
      ['/admin/create-user', { email: newAdmin, name: 'New Admin', role: 'admin' }],
      // Deleting an organization deletes every member's repositories.
      ['/organization/delete', { organizationId: owned.body?.id }],
      ['/admin/impersonate-user', { userId: target.id }],
      ['/admin/remove-user', { userId: target.id }],
      ['/passkey/delete-passkey', { id: 'stale-pk' }],
      ['/email-otp/request-email-change', { newEmail: newAddress('moved') }],
      ['/delete-user', {}],
    ];
    for (const [path, body] of calls) {
      const answer = await t.request('POST', path, body, { cookie: admin.cookie });
      expect([path, answer.status, answer.body?.code]).toEqual([path, 403, 'SESSION_NOT_FRESH']);
    }
    const [after] = await t.db.select().from(user).where(eq(user.id, target.id));
    expect(after).toMatchObject({ banned: false, role: 'user', email: target.email });
    expect(await t.db.select().from(user).where(eq(user.email, newAdmin))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(organization)
        .where(eq(organization.id, String(owned.body?.id))),
    ).toHaveLength(1);
    expect(await t.db.select().from(passkey).where(eq(passkey.id, 'stale-pk'))).toHaveLength(1);
    expect(await t.db.select().from(user).where(eq(user.id, admin.id))).toHaveLength(1);
    expect(await t.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(1);
    const moved = calls.find(([path]) => path === '/email-otp/request-email-change')?.[1].newEmail;
    expect(t.mailsTo(moved as string)).toHaveLength(0);
  });

  it('let a fresh session through, and a fresh code replaces the stale session in that browser', async () => {
    const admin = await signedInAdmin();
    const target = await t.signedIn(newAddress('target'));
    await makeStale(admin.id);
    const refused = await t.request(
      'POST',
      '/admin/ban-user',
      { userId: target.id },
      { cookie: admin.cookie },
    );
    expect(refused.body?.code).toBe('SESSION_NOT_FRESH');

    // The dialog's code, sent by the same browser that holds the stale session.
    const before = await t.db.select().from(session).where(eq(session.userId, admin.id));
    const again = await t.signedIn(admin.email, { cookie: admin.cookie });
    const after = await t.db.select().from(session).where(eq(session.userId, admin.id));
    expect(after).toHaveLength(before.length);
    expect((await t.getSession(admin.cookie)).body).toBeNull();

    const banned = await t.request(
      'POST',
      '/admin/ban-user',
      { userId: target.id },
      { cookie: again.cookie },
    );
    expect(banned.status, banned.text).toBe(200);
  });

  it('keep another user’s session when a browser signs in as someone else', async () => {
    const first = await t.signedIn(newAddress('first'));
    await t.signedIn(newAddress('second'), { cookie: first.cookie });
    expect(await t.db.select().from(session).where(eq(session.userId, first.id))).toHaveLength(1);
  });
});
