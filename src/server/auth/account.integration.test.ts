import { eq } from 'drizzle-orm';
import { appConfig } from '~/app.config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaughtMail, codeFromMail, mimePart, subjectOf } from '@/test/smtp-catcher';
import { listLinkedProviders } from '@/features/account/data.server';
import { account, session, user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';

// The account screen's server side, through `auth.handler` as the browser reaches it: the name rules on
// /update-user, changing the address with a code, and deleting one's own account.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

const findUserById = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const sessionsOf = (id: string) => t.db.select().from(session).where(eq(session.userId, id));

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('changing the name', () => {
  it('stores a valid name trimmed, and refuses empty, too long or extra fields', async () => {
    const email = newAddress('name');
    const { cookie, id } = await t.signedIn(email);
    const update = (body: unknown) => t.request('POST', '/update-user', body, { cookie });

    const ok = await update({ name: '  Ada Lovelace  ' });
    expect(ok.status, ok.text).toBe(200);
    expect((await findUserById(id))?.name).toBe('Ada Lovelace');

    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const refused = await update({ name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body?.code).toBe('INVALID_NAME');
    }
    const noName = await update({ image: 'https://tracker.example/pixel.png' });
    expect(noName.status).toBe(400);
    const extra = await update({ name: 'Grace', image: 'https://tracker.example/pixel.png' });
    expect(extra.status).toBe(400);
    expect(extra.body?.code).toBe('VALIDATION_ERROR');
    expect(await findUserById(id)).toMatchObject({ name: 'Ada Lovelace', image: null });
  });

  it('refuses a visitor without a session', async () => {
    const refused = await t.request('POST', '/update-user', { name: 'Nobody' });
    expect(refused.status).toBe(401);
  });
});

describe('changing the e-mail address with a code', () => {
  const requestChange = (cookie: string, newEmail: string) =>
    t.request('POST', '/email-otp/request-email-change', { newEmail }, { cookie });
  const confirmChange = (cookie: string, newEmail: string, otp: string) =>
    t.request('POST', '/email-otp/change-email', { newEmail, otp }, { cookie });

  it('mails a code to the new address; the right code moves the account there and tells the old one', async () => {
    const oldEmail = newAddress('old');
    const { cookie, id } = await t.signedIn(oldEmail);
    const target = newAddress('new');

    const requested = await requestChange(cookie, `  ${target.toUpperCase()} `);
    expect(requested.status, requested.text).toBe(200);
    const codeMail = t.mailsTo(target).at(-1);
    if (!codeMail) throw new Error('no code mailed to the new address');
    expect(subjectOf(codeMail)).toBe('Confirm your new e-mail address');
    const code = codeFromMail(codeMail);
    // Nothing moves before the code comes back.
    expect((await findUserById(id))?.email).toBe(oldEmail);

    const wrongCode = await confirmChange(cookie, target, wrong(code));
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body?.code).toBe('INVALID_OTP');
    expect((await findUserById(id))?.email).toBe(oldEmail);

    const noticesBefore = t.mailsTo(oldEmail).length;
    const changed = await confirmChange(cookie, target, code);
    expect(changed.status, changed.text).toBe(200);
    expect(await findUserById(id)).toMatchObject({ email: target, emailVerified: true });
    // The session carries on, with the new address.
    expect((await t.getSession(cookie)).body?.user).toMatchObject({ email: target });

    // The notice goes out from the job queue.
    await t.mailsSettled();
    const notices = t.mailsTo(oldEmail).slice(noticesBefore);
    expect(notices).toHaveLength(1);
    const notice = notices[0] as CaughtMail;
    expect(subjectOf(notice)).toBe('Your Starter e-mail address was changed');
    expect(mimePart(notice, 'text/plain')).toContain(target);

    // The code is spent: replaying it changes nothing.
    const replay = await confirmChange(cookie, newAddress('again'), code);
    expect(replay.status).toBe(400);
  });

  it('never moves to an address that has an account, mails it nothing, and says so only once the code is right', async () => {
    const taken = newAddress('taken');
    await t.signedIn(taken);
    const { cookie, id } = await t.signedIn(newAddress('mover'));
    const mailsBefore = t.mailsTo(taken).length;

    // Answered like any other address (codes.integration.test.ts compares them), so it tells nothing.
    const asked = await requestChange(cookie, taken);
    expect(asked.status, asked.text).toBe(200);
    expect(t.mailsTo(taken)).toHaveLength(mailsBefore);
    const guessed = await confirmChange(cookie, taken, '123456');
    expect(guessed.status).toBe(400);
    expect(guessed.body?.code).toBe('INVALID_OTP');
    expect((await findUserById(id))?.email).not.toBe(taken);

    // Taken between the code and its confirmation: refused with the code the screen explains.
    const late = newAddress('taken-late');
    expect((await requestChange(cookie, late)).status).toBe(200);
    const code = codeFromMail(t.mailsTo(late).at(-1) as CaughtMail);
    await t.signedIn(late);
    const refused = await confirmChange(cookie, late, code);
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect((await findUserById(id))?.email).not.toBe(late);
  });

  it('refuses an invalid address and a visitor without a session', async () => {
    const { cookie } = await t.signedIn(newAddress('invalid'));
    const invalid = await requestChange(cookie, 'not-an-address');
    expect(invalid.status).toBe(400);
    expect(invalid.body?.code).toBe('INVALID_EMAIL');
    const anonymous = await t.request('POST', '/email-otp/request-email-change', {
      newEmail: newAddress('anon'),
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { cookie } = await t.signedIn(newAddress('expiring'));
    const target = newAddress('late');
    expect((await requestChange(cookie, target)).status).toBe(200);
    const code = codeFromMail(t.mailsTo(target).at(-1) as CaughtMail);
    await t.db.execute(
      `update verification set expires_at = now() - interval '1 second' where identifier like 'change-email-otp-%${target}'`,
    );
    const expired = await confirmChange(cookie, target, code);
    expect(expired.status).toBe(400);
    expect(expired.body?.code).toBe('OTP_EXPIRED');
  });
});

describe('deleting one’s own account', () => {
  it('deletes a user with their sessions, without a password', async () => {
    const email = newAddress('leaver');
    const first = await t.signedIn(email);
    const second = await t.signIn(email, await freshCode(email));
    expect(second.cookie).toBeDefined();
    expect(await sessionsOf(first.id)).toHaveLength(2);

    const deleted = await t.request('POST', '/delete-user', {}, { cookie: first.cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await findUserById(first.id)).toBeUndefined();
    expect(await sessionsOf(first.id)).toHaveLength(0);
    expect((await t.getSession(second.cookie as string)).body).toBeNull();
  });

  it('asks for a recent sign-in once the session is older than the configured minutes', async () => {
    const { cookie, id } = await t.signedIn(newAddress('stale'));
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - (appConfig.auth.recentSignInMinutes + 1) * 60_000) })
      .where(eq(session.userId, id));
    const refused = await t.request('POST', '/delete-user', {}, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('SESSION_NOT_FRESH');
    expect(await findUserById(id)).toBeDefined();
  });

  it('refuses the last admin, and lets an admin go once another admin exists', async () => {
    const admin = await t.signedIn(newAddress('only-admin'));
    // The test database has no seeded admin: this one is the only admin.
    await t.db.update(user).set({ role: 'user,admin' }).where(eq(user.id, admin.id));
    const refused = await t.request('POST', '/delete-user', {}, { cookie: admin.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('LAST_ADMIN');
    expect(await findUserById(admin.id)).toBeDefined();
    expect(await sessionsOf(admin.id)).toHaveLength(1);

    // A banned admin does not count as the one who would remain.
    const other = await t.signedIn(newAddress('other-admin'));
    await t.db.update(user).set({ role: 'admin', banned: true }).where(eq(user.id, other.id));
    expect((await t.request('POST', '/delete-user', {}, { cookie: admin.cookie })).status).toBe(400);

    await t.db.update(user).set({ banned: false }).where(eq(user.id, other.id));
    const deleted = await t.request('POST', '/delete-user', {}, { cookie: admin.cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await findUserById(admin.id)).toBeUndefined();
  });

  it('counts ADMIN_USER_IDS as admins', async () => {
    const listed = await t.signedIn(newAddress('listed'));
    const withList = t.derive({ env: { ADMIN_USER_IDS: listed.id } });
    // Listed but with the plain user role: still the last admin while no other admin exists.
    const otherAdmins = await t.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    for (const row of otherAdmins) await t.db.update(user).set({ role: 'user' }).where(eq(user.id, row.id));
    const refused = await withList.request('POST', '/delete-user', {}, { cookie: listed.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('LAST_ADMIN');
  });
});

async function freshCode(email: string) {
  const sent = await t.sendCode(email);
  expect(sent.status).toBe(200);
  return codeFromMail(t.mailsTo(email).at(-1) as CaughtMail);
}

describe('unlinking a provider', () => {
  const linkProvider = async (userId: string, providerId: string) => {
    const id = `${userId}-${providerId}`;
    await t.db
      .insert(account)
      .values({ id, accountId: `${providerId}-subject`, providerId, userId, accessToken: 'secret' });
    return id;
  };

  it('lists linked providers without tokens, and unlinks even the only one: the e-mail code remains', async () => {
    const email = newAddress('linked');
    const { cookie, id } = await t.signedIn(email);
    const github = await linkProvider(id, 'github');
    const listed = await listLinkedProviders(id, t.db);
    expect(listed).toEqual([{ id: github, providerId: 'github', linkedAt: expect.any(String) }]);

    const unlinked = await t.request('POST', '/unlink-account', { accountId: github }, { cookie });
    expect(unlinked.status, unlinked.text).toBe(200);
    expect(await listLinkedProviders(id, t.db)).toEqual([]);
    // Still a way in: a code to the address.
    expect((await t.signIn(email, await freshCode(email))).status).toBe(200);
  });

  it('refuses another user’s provider, and a stale session, changing nothing', async () => {
    const owner = await t.signedIn(newAddress('owner'));
    const other = await t.signedIn(newAddress('other'));
    const theirs = await linkProvider(other.id, 'google');
    const foreign = await t.request(
      'POST',
      '/unlink-account',
      { accountId: theirs },
      { cookie: owner.cookie },
    );
    expect(foreign.body?.code).toBe('ACCOUNT_NOT_FOUND');

    const mine = await linkProvider(owner.id, 'google');
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - (appConfig.auth.recentSignInMinutes + 1) * 60_000) })
      .where(eq(session.userId, owner.id));
    const stale = await t.request('POST', '/unlink-account', { accountId: mine }, { cookie: owner.cookie });
    expect([stale.status, stale.body?.code]).toEqual([403, 'SESSION_NOT_FRESH']);
    expect(await listLinkedProviders(owner.id, t.db)).toHaveLength(1);
    expect(await listLinkedProviders(other.id, t.db)).toHaveLength(1);
  });
});
