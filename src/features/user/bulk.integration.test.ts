import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session, user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { applyBulkUserAction, resolveUserSelection } from './bulk.server';
import type { UserBulkAction } from './schema';
import { userListDefaults } from './search';

// A bulk action on users runs each row through the single action's better-auth route with the caller's
// session, so the rules (not yourself, not a protected admin, the caller's permission, a recent sign-in)
// and the audit are the single action's own; the answer is per row.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@bulk.example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

async function person(name: string, role = 'user') {
  const email = newAddress(name.toLowerCase().replace(/\W/g, ''));
  const { id } = await t.signedIn(email);
  await t.db.update(user).set({ name, role }).where(eq(user.id, id));
  // A new session, so the role is read afresh.
  return { ...(await t.signedIn(email)), name };
}

const headersOf = (cookie: string) => new Headers({ cookie, 'x-forwarded-for': '203.0.113.9' });

function bulk(auth: TestAuth, caller: { cookie: string; id: string }, action: UserBulkAction, ids: string[]) {
  return resolveUserSelection({ ids }, { db: auth.db }).then(({ ids: ordered, targets }) =>
    applyBulkUserAction(
      { api: auth.auth.api, headers: headersOf(caller.cookie), callerId: caller.id },
      action,
      ordered,
      targets,
    ),
  );
}

const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const entries = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('a bulk ban', () => {
  it('bans the others, skips yourself and unknown ids, and audits each ban once as the caller', async () => {
    const me = await person('Ada', 'admin');
    const bob = await person('Bob');
    const cy = await person('Cy', 'admin');
    const rows = await bulk(t, me, { type: 'ban', banReason: 'Spam' }, [
      bob.id,
      me.id,
      'no-such-user',
      cy.id,
    ]);

    expect(rows).toEqual([
      { id: bob.id, name: 'Bob', outcome: 'done' },
      { id: me.id, name: 'Ada', outcome: 'skipped', reason: 'YOU_CANNOT_BAN_YOURSELF' },
      { id: 'no-such-user', name: '', outcome: 'skipped', reason: 'NOT_FOUND' },
      // Another admin by role: the single action allows it, and so does the bulk one.
      { id: cy.id, name: 'Cy', outcome: 'done' },
    ]);
    expect((await findUser(bob.id))?.banned).toBe(true);
    expect((await findUser(bob.id))?.banReason).toBe('Spam');
    expect((await findUser(me.id))?.banned).not.toBe(true);
    const bobBans = await entries('user.ban', bob.id);
    expect(bobBans).toHaveLength(1);
    expect(bobBans[0]).toMatchObject({ actorUserId: me.id, ip: '203.0.113.9' });
    expect(bobBans[0]?.metadata).toMatchObject({ reason: 'Spam' });
    expect(await entries('user.ban', me.id)).toEqual([]);
  });

  it('refuses the whole call, changing nothing, when the reason is too long for the single ban', async () => {
    const me = await person('Ada', 'admin');
    const bob = await person('Bob');
    await expect(bulk(t, me, { type: 'ban', banReason: 'r'.repeat(5000) }, [bob.id])).rejects.toThrow(
      'BAN_REASON_TOO_LONG',
    );
    expect((await findUser(bob.id))?.banned).not.toBe(true);
  });

  it('asks to confirm a stale sign-in before any row, as the single ban does', async () => {
    const me = await person('Ada', 'admin');
    const bob = await person('Bob');
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 24 * 3600_000) })
      .where(eq(session.userId, me.id));
    await expect(bulk(t, me, { type: 'ban' }, [bob.id])).rejects.toThrow('SESSION_NOT_FRESH');
    expect((await findUser(bob.id))?.banned).not.toBe(true);
  });
});

describe('protected admins and yourself', () => {
  it('skips an admin listed in ADMIN_USER_IDS and your own role, delete and sessions last', async () => {
    const me = await person('Ada', 'admin');
    const bob = await person('Bob');
    const root = await person('Root', 'admin');
    const guarded = t.derive({ env: { ADMIN_USER_IDS: root.id } });

    const removed = await bulk(guarded, me, { type: 'delete' }, [root.id, me.id, bob.id]);
    expect(removed.map((row) => [row.name, row.outcome, row.reason])).toEqual([
      ['Root', 'skipped', 'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN'],
      ['Ada', 'skipped', 'YOU_CANNOT_REMOVE_YOURSELF'],
      ['Bob', 'done', undefined],
    ]);
    expect(await findUser(bob.id)).toBeUndefined();
    expect(await entries('user.delete', bob.id)).toHaveLength(1);

    const roles = await bulk(guarded, me, { type: 'set-role', role: 'user' }, [me.id, root.id]);
    expect(roles.map((row) => row.reason)).toEqual([
      'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE',
      'YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN',
    ]);
    expect((await findUser(me.id))?.role).toBe('admin');
    expect((await findUser(root.id))?.role).toBe('admin');
  });

  it('revokes the others’ sessions before the caller’s own, so every row is applied', async () => {
    const me = await person('Ada', 'admin');
    const bob = await person('Bob');
    const sessionsOf = (id: string) => t.db.select().from(session).where(eq(session.userId, id));
    const rows = await bulk(t, me, { type: 'revoke-sessions' }, [me.id, bob.id]);
    expect(rows.map((row) => [row.name, row.outcome])).toEqual([
      ['Ada', 'done'],
      ['Bob', 'done'],
    ]);
    expect(await sessionsOf(bob.id)).toEqual([]);
    expect(await sessionsOf(me.id)).toEqual([]);
    expect(await entries('session.revoke-all', bob.id)).toHaveLength(1);
  });
});

describe('a caller without the permission', () => {
  it('is refused before any row, and nothing changes', async () => {
    const plain = await person('Plain');
    const bob = await person('Bob');
    await expect(bulk(t, plain, { type: 'ban' }, [bob.id])).rejects.toThrow(
      'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    );
    expect((await findUser(bob.id))?.banned).not.toBe(true);
    expect(await entries('user.ban', bob.id)).toEqual([]);
  });
});

describe('selecting every user a view matches', () => {
  it('resolves the view in its order, and refuses a view larger than the cap', async () => {
    const tag = `Zed${++counter}`;
    const a = await person(`${tag} A`);
    const b = await person(`${tag} B`);
    const view = { ...userListDefaults, searchTerm: tag, sort: 'name' as const, order: 'asc' as const };
    const resolved = await resolveUserSelection({ view }, { db: t.db });
    expect(resolved.ids).toEqual([a.id, b.id]);
    expect(resolved.targets.map((target) => target.name)).toEqual([`${tag} A`, `${tag} B`]);
    await expect(resolveUserSelection({ view }, { db: t.db, max: 1 })).rejects.toThrow('BULK_TOO_MANY');
  });
});
