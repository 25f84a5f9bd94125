import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaughtMail, codeFromMail } from '@/test/smtp-catcher';
import { auditLog, session, user } from '@/server/db/schema/index';
import { MAX_BAN_SECONDS } from '@/features/user/bodies.server';
import { notSigningInOrOut } from '@/test/audit';
import { createTestAuth, type TestAuth } from '@/test/auth';

// better-auth's admin routes as the manager screens reach them (through `auth.handler`): the product's
// rules on top of better-auth's, the audit entry of every change, and what a ban or an impersonation does.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

/** A signed-in admin: the role is granted in the database, as the seed or another admin would. */
async function signedInAdmin(name = 'Admin') {
  const email = newAddress('admin');
  const { id } = await t.signedIn(email);
  await t.db.update(user).set({ role: 'admin', name }).where(eq(user.id, id));
  // A new session, so the role is read afresh.
  return { ...(await t.signedIn(email)), email };
}

async function signedInUser(name = 'Target') {
  const email = newAddress('user');
  const signed = await t.signedIn(email);
  await t.db.update(user).set({ name }).where(eq(user.id, signed.id));
  return { ...signed, email, name };
}

const admin = (cookie: string, path: string, body?: unknown, ip?: string) =>
  t.request('POST', `/admin/${path}`, body ?? {}, { cookie, ...(ip ? { ip } : {}) });
const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const sessionsOf = (id: string) => t.db.select().from(session).where(eq(session.userId, id));
const entriesFor = (targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), notSigningInOrOut))
    .orderBy(auditLog.createdAt);
const currentSessionId = async (cookie: string) => {
  const got = await t.getSession(cookie);
  return String((got.body?.session as { id: string }).id);
};

describe('an admin acting on themself', () => {
  it('is refused with a clear code, and nothing changes', async () => {
    const me = await signedInAdmin();
    const attempts = [
      { path: 'set-role', body: { userId: me.id, role: 'user' }, code: 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE' },
      {
        path: 'update-user',
        body: { userId: me.id, data: { role: 'user' } },
        code: 'YOU_CANNOT_CHANGE_YOUR_OWN_ROLE',
      },
      { path: 'ban-user', body: { userId: me.id }, code: 'YOU_CANNOT_BAN_YOURSELF' },
      { path: 'remove-user', body: { userId: me.id }, code: 'YOU_CANNOT_REMOVE_YOURSELF' },
      { path: 'impersonate-user', body: { userId: me.id }, code: 'YOU_CANNOT_IMPERSONATE_YOURSELF' },
      {
        path: 'revoke-user-session',
        body: { sessionId: await currentSessionId(me.cookie) },
        code: 'YOU_CANNOT_REVOKE_YOUR_CURRENT_SESSION',
      },
    ];
    for (const attempt of attempts) {
      const refused = await admin(me.cookie, attempt.path, attempt.body);
      expect(refused.status, attempt.path).toBe(400);
      expect(refused.body?.code, attempt.path).toBe(attempt.code);
    }
    expect(await findUser(me.id)).toMatchObject({ role: 'admin', banned: false });
    expect((await t.getSession(me.cookie)).body?.user).toBeTruthy();
    expect(await entriesFor(me.id)).toEqual([]);
  });

  it('may not impersonate another admin', async () => {
    const me = await signedInAdmin();
    const other = await signedInAdmin('Other admin');
    const refused = await admin(me.cookie, 'impersonate-user', { userId: other.id });
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('YOU_CANNOT_IMPERSONATE_ADMINS');
    expect(refused.cookie).toBeUndefined();
    expect(await entriesFor(other.id)).toEqual([]);
  });

  it('refuses a ban reason too long and durations that are not a real future end', async () => {
    const me = await signedInAdmin();
    const target = await signedInUser();
    const tooLong = await admin(me.cookie, 'ban-user', { userId: target.id, banReason: 'x'.repeat(501) });
    expect(tooLong.body?.code).toBe('BAN_REASON_TOO_LONG');
    for (const banExpiresIn of [-60, MAX_BAN_SECONDS + 1, 1.5e308 * 10]) {
      const refused = await admin(me.cookie, 'ban-user', { userId: target.id, banExpiresIn });
      expect(refused.status, String(banExpiresIn)).toBe(400);
    }
    expect((await findUser(target.id))?.banned).toBe(false);
    expect(await sessionsOf(target.id)).toHaveLength(1);
  });
});

describe('the fields an admin may set', () => {
  it('creates an onboarded user by the server clock, refusing a bad name or extra fields', async () => {
    const me = await signedInAdmin();
    const before = Date.now();
    const created = await admin(me.cookie, 'create-user', {
      email: newAddress('made'),
      name: '  Made Here ',
    });
    expect(created.status, created.text).toBe(200);
    const id = String((created.body?.user as { id: string }).id);
    const row = await findUser(id);
    expect(row?.name).toBe('Made Here');
    expect(row?.onboardedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const blank = await admin(me.cookie, 'create-user', { email: newAddress('blank'), name: '   ' });
    expect([blank.status, blank.body?.code]).toEqual([400, 'INVALID_NAME']);
    const sneaky = await admin(me.cookie, 'create-user', {
      email: newAddress('sneaky'),
      name: 'Sneaky',
      data: { emailVerified: true, onboardedAt: '2000-01-01T00:00:00Z' },
    });
    expect([sneaky.status, sneaky.body?.code]).toEqual([400, 'INVALID_FIELDS']);
  });

  it('updates only name, e-mail and role, each checked like the forms check it', async () => {
    const me = await signedInAdmin();
    const target = await signedInUser('Before');
    const renamed = await admin(me.cookie, 'update-user', { userId: target.id, data: { name: ' After ' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await findUser(target.id))?.name).toBe('After');
    for (const [data, code] of [
      [{ name: 'x'.repeat(101) }, 'INVALID_NAME'],
      [{ email: 'not an address' }, 'INVALID_EMAIL'],
      [{ banned: false, emailVerified: true }, 'INVALID_FIELDS'],
    ] as const) {
      const refused = await admin(me.cookie, 'update-user', { userId: target.id, data });
      expect([refused.status, refused.body?.code]).toEqual([400, code]);
    }
    expect((await findUser(target.id))?.name).toBe('After');
  });
});

describe('a user without the admin role', () => {
  it('is refused every admin route with 403', async () => {
    const me = await signedInUser('Plain');
    const other = await signedInUser('Other');
    const otherSession = await currentSessionId(other.cookie);
    const calls: [string, unknown][] = [
      ['create-user', { email: newAddress('new'), name: 'New', password: 'unused-password-123' }],
      ['update-user', { userId: other.id, data: { name: 'Renamed' } }],
      ['set-role', { userId: me.id, role: 'admin' }],
      ['ban-user', { userId: other.id }],
      ['unban-user', { userId: other.id }],
      ['remove-user', { userId: other.id }],
      ['impersonate-user', { userId: other.id }],
      ['revoke-user-session', { sessionId: otherSession }],
      ['revoke-user-sessions', { userId: other.id }],
    ];
    for (const [path, body] of calls) {
      const refused = await admin(me.cookie, path, body);
      expect(refused.status, path).toBe(403);
    }
    expect(await findUser(me.id)).toMatchObject({ role: 'user' });
    expect(await findUser(other.id)).toMatchObject({ name: 'Other', banned: false });
    expect(await sessionsOf(other.id)).toHaveLength(1);
  });
});

describe('banning', () => {
  it('ends the sessions at once, refuses sign-in with the end date, and unban lets them back', async () => {
    const me = await signedInAdmin('Moderator');
    const target = await signedInUser('Banned Person');
    const banned = await admin(
      me.cookie,
      'ban-user',
      { userId: target.id, banReason: 'Spam', banExpiresIn: 7 * 86_400 },
      '203.0.113.7',
    );
    expect(banned.status, banned.text).toBe(200);
    expect(await sessionsOf(target.id)).toEqual([]);
    expect((await t.getSession(target.cookie)).body).toBeNull();

    await t.sendCode(target.email);
    const refused = await t.signIn(target.email, codeFromMail(t.mailsTo(target.email).at(-1) as CaughtMail));
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('BANNED_USER');
    const until = new Date(String(refused.body?.banExpires)).getTime();
    expect(Math.abs(until - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    const unbanned = await admin(me.cookie, 'unban-user', { userId: target.id });
    expect(unbanned.status, unbanned.text).toBe(200);
    await t.signedIn(target.email);

    const [ban, unban] = await entriesFor(target.id);
    expect(ban).toMatchObject({
      action: 'user.ban',
      actorUserId: me.id,
      targetType: 'user',
      ip: '203.0.113.7',
    });
    expect(ban?.metadata).toMatchObject({ reason: 'Spam', label: 'Banned Person' });
    expect(new Date(String(ban?.metadata?.until)).getTime()).toBe(until);
    expect(unban).toMatchObject({ action: 'user.unban', actorUserId: me.id });
  });
});

describe('the audit of admin changes', () => {
  it('records role changes, session revocations and removal with who, whom and what, never a token', async () => {
    const me = await signedInAdmin();
    const target = await signedInUser('Someone');
    const second = await t.signedIn(target.email);
    const one = await currentSessionId(second.cookie);

    expect((await admin(me.cookie, 'set-role', { userId: target.id, role: 'admin' })).status).toBe(200);
    expect((await admin(me.cookie, 'set-role', { userId: target.id, role: 'user' })).status).toBe(200);
    const revoked = await admin(me.cookie, 'revoke-user-session', { sessionId: one });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await t.getSession(second.cookie)).body).toBeNull();
    expect((await t.getSession(target.cookie)).body?.user).toBeTruthy();
    expect((await admin(me.cookie, 'revoke-user-sessions', { userId: target.id })).status).toBe(200);
    expect(await sessionsOf(target.id)).toEqual([]);
    expect((await admin(me.cookie, 'remove-user', { userId: target.id })).status).toBe(200);
    expect(await findUser(target.id)).toBeUndefined();

    const entries = await entriesFor(target.id);
    expect(entries.map((e) => e.action)).toEqual([
      'user.set-role',
      'user.set-role',
      'session.revoke',
      'session.revoke-all',
      'user.delete',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: me.id, targetType: 'user' });
      expect(entry.metadata?.label).toBe('Someone');
    }
    expect(entries[0]?.metadata).toMatchObject({ from: 'user', to: 'admin' });
    expect(entries[1]?.metadata).toMatchObject({ from: 'admin', to: 'user' });
    expect(entries[2]?.metadata).toMatchObject({ sessionId: one });
    const tokens = (await t.db.select({ token: session.token }).from(session)).map((s) => s.token);
    const all = JSON.stringify(await t.db.select().from(auditLog));
    for (const token of [...tokens, second.cookie.split('=')[1], target.cookie.split('=')[1]]) {
      expect(all).not.toContain(String(token).split('.')[0]);
    }
  });

  it('records creating and updating a user, with the fields changed and the role from → to', async () => {
    const me = await signedInAdmin();
    const email = newAddress('created');
    const created = await admin(me.cookie, 'create-user', { email, name: 'Created One', role: 'user' });
    expect(created.status, created.text).toBe(200);
    const id = String((created.body?.user as { id: string }).id);
    const updated = await admin(me.cookie, 'update-user', {
      userId: id,
      data: { name: 'Renamed One', role: 'admin' },
    });
    expect(updated.status, updated.text).toBe(200);

    const [create, update] = await entriesFor(id);
    expect(create).toMatchObject({ action: 'user.create', actorUserId: me.id });
    expect(create?.metadata).toMatchObject({ role: 'user', label: 'Created One' });
    expect(update).toMatchObject({ action: 'user.update', actorUserId: me.id });
    expect(update?.metadata).toMatchObject({
      fields: 'name,role',
      from: 'user',
      to: 'admin',
      label: 'Renamed One',
    });
  });

  it('refuses an audit stash sent by the caller, and records the real one', async () => {
    const me = await signedInAdmin();
    const target = await signedInUser('Real name');
    const forged = JSON.stringify({ actorId: 'someone-else', targetLabel: 'Forged', targetId: 'x' });
    const refused = await admin(me.cookie, 'unban-user', { userId: target.id, adminAuditStash: forged });
    expect([refused.status, refused.body?.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await entriesFor(target.id)).toEqual([]);
    expect((await admin(me.cookie, 'unban-user', { userId: target.id })).status).toBe(200);
    const [entry] = await entriesFor(target.id);
    expect(entry).toMatchObject({ actorUserId: me.id, action: 'user.unban' });
    expect(entry?.metadata?.label).toBe('Real name');
  });
});

describe('impersonation', () => {
  it('lasts at most an hour, and stopping returns to the admin; both are audited', async () => {
    const me = await signedInAdmin('Support');
    const target = await signedInUser('Customer');
    const started = await admin(me.cookie, 'impersonate-user', { userId: target.id });
    expect(started.status, started.text).toBe(200);
    // better-auth clears the admin's cookie, then sets the new one: the last non-empty value of each name.
    const jar = new Map<string, string>();
    for (const pair of started.headers.getSetCookie().map((line) => line.split(';')[0] ?? '')) {
      const at = pair.indexOf('=');
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair);
    }
    const impersonating = [...jar.values()].join('; ');
    const [row] = await t.db
      .select()
      .from(session)
      .where(and(eq(session.userId, target.id), eq(session.impersonatedBy, me.id)));
    expect(row).toBeTruthy();
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);

    const stopped = await t.request('POST', '/admin/stop-impersonating', {}, { cookie: impersonating });
    expect(stopped.status, stopped.text).toBe(200);
    expect((stopped.body?.user as { id: string }).id).toBe(me.id);
    expect(await t.db.select().from(session).where(eq(session.id, row!.id))).toEqual([]);

    const entries = await entriesFor(target.id);
    expect(entries.map((e) => [e.action, e.actorUserId])).toEqual([
      ['user.impersonate', me.id],
      ['user.stop-impersonating', me.id],
    ]);
    expect(entries[0]?.metadata?.label).toBe('Customer');
  });
});
