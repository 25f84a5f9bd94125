import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { type CaughtMail, codeFromMail } from '@/test/smtp-catcher';
import { listAuditEntries } from '@/features/audit/data.server';
import { auditLog, organization, passkey, session, user } from '@/server/db/schema/index';
import { readSession } from './session';
import { notSigningInOrOut } from '@/test/audit';
import { createTestAuth, type RequestOptions, type TestAuth } from '@/test/auth';

// Impersonation is for looking (issue 15 §4): through `auth.handler`, an admin acting as a user cannot take
// the account over, every change made is recorded as the admin's, and the hour is counted on the server.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;
const MINUTE = 60_000;
const DAY = 86_400_000;
const CAP = appConfig.auth.impersonationMaxMinutes * MINUTE;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

async function signedIn(email: string, options?: RequestOptions) {
  const sent = await t.sendCode(email, options);
  expect(sent.status, sent.text).toBe(200);
  // The browser keeps what the code request set (a code is bound to the browser that asked for it).
  const jar = sent.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const code = codeFromMail(t.mailsTo(email).at(-1) as CaughtMail);
  const response = await t.signIn(email, code, { ...options, ...(jar ? { cookie: jar } : {}) });
  expect(response.status, response.text).toBe(200);
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  if (!response.cookie || !row) throw new Error('not signed in');
  return { cookie: response.cookie, id: row.id, email };
}

/** A user, and an admin signed in as them: the cookies of the impersonation, as a browser keeps them. */
async function impersonation(names = { admin: 'Sam Support', user: 'Ivy User' }) {
  const adminEmail = newAddress('admin');
  const first = await signedIn(adminEmail);
  await t.db.update(user).set({ role: 'admin', name: names.admin }).where(eq(user.id, first.id));
  const admin = await signedIn(adminEmail);
  const target = await signedIn(newAddress('user'));
  await t.db.update(user).set({ name: names.user }).where(eq(user.id, target.id));
  const started = await t.request(
    'POST',
    '/admin/impersonate-user',
    { userId: target.id },
    { cookie: admin.cookie },
  );
  expect(started.status, started.text).toBe(200);
  // better-auth clears the admin's cookie, then sets the new ones: the last non-empty value of each name.
  const jar = new Map<string, string>();
  for (const pair of started.headers.getSetCookie().map((line) => line.split(';')[0] ?? '')) {
    const at = pair.indexOf('=');
    if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair);
  }
  const cookie = [...jar.values()].join('; ');
  // What a browser that drops the "don't remember me" cookie sends.
  const withoutDontRemember = [...jar.entries()]
    .filter(([name]) => !name.endsWith('dont_remember'))
    .map(([, pair]) => pair)
    .join('; ');
  expect(withoutDontRemember).not.toBe(cookie);
  const [row] = await t.db
    .select()
    .from(session)
    .where(and(eq(session.userId, target.id), eq(session.impersonatedBy, admin.id)));
  if (!row) throw new Error('no impersonation session');
  return { admin, target, cookie, withoutDontRemember, row };
}

const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];
const entriesAbout = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), notSigningInOrOut))
    .orderBy(auditLog.createdAt);

describe('an admin acting as a user', () => {
  it('may not delete the account nor change its e-mail: a clear code, nothing changes, no mail', async () => {
    const { target, cookie } = await impersonation();
    const newEmail = newAddress('taken-over');
    const attempts = [
      ['/delete-user', {}],
      ['/email-otp/request-email-change', { newEmail }],
      ['/email-otp/change-email', { newEmail, otp: '123456' }],
    ] as const;
    for (const [path, body] of attempts) {
      const refused = await t.request('POST', path, body, { cookie });
      expect([refused.status, refused.body?.code], path).toEqual([403, 'NOT_WHILE_IMPERSONATING']);
      expect(refused.text, path).not.toMatch(/stack|at \w+ \(/);
    }
    expect(await findUser(target.id)).toMatchObject({ email: target.email });
    expect(t.mailsTo(newEmail)).toEqual([]);

    // The user's own session still may: the rule is about who acts, not about the account.
    const own = await t.request(
      'POST',
      '/email-otp/request-email-change',
      { newEmail },
      { cookie: target.cookie },
    );
    expect(own.status, own.text).toBe(200);
  });

  it('may not leave a way in behind: no passkey added, renamed or removed, no provider unlinked', async () => {
    const { target, cookie } = await impersonation();
    await t.db.insert(passkey).values({
      id: `pk-${target.id}`,
      userId: target.id,
      name: 'Phone',
      publicKey: 'key',
      credentialID: `credential-${target.id}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const attempts: ['GET' | 'POST', string, Record<string, unknown>][] = [
      // Registering a passkey as the user, to sign in as them later with no impersonation mark.
      ['GET', '/passkey/generate-register-options', {}],
      ['POST', '/passkey/verify-registration', { response: { id: 'made-up' } }],
      ['POST', '/passkey/update-passkey', { id: `pk-${target.id}`, name: 'Mine now' }],
      ['POST', '/passkey/delete-passkey', { id: `pk-${target.id}` }],
      ['POST', '/unlink-account', { accountId: 'any-account' }],
    ];
    for (const [method, path, body] of attempts) {
      const refused = await t.request(method, path, method === 'GET' ? undefined : body, { cookie });
      expect([refused.status, refused.body?.code], path).toEqual([403, 'NOT_WHILE_IMPERSONATING']);
    }
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, target.id))).toEqual([
      expect.objectContaining({ name: 'Phone' }),
    ]);
    // No challenge was stored for a registration either.
    const options = await t.request('GET', '/passkey/generate-register-options', undefined, {
      cookie: target.cookie,
    });
    expect(options.status, options.text).toBe(200);
  });

  it('may not delete the user’s organization', async () => {
    const { target, cookie } = await impersonation();
    const created = await t.request(
      'POST',
      '/organization/create',
      { name: 'Ivy’s team', slug: `ivy-${target.id.slice(0, 8).toLowerCase()}` },
      { cookie: target.cookie },
    );
    expect(created.status, created.text).toBe(200);
    const organizationId = String(created.body?.id);
    const refused = await t.request('POST', '/organization/delete', { organizationId }, { cookie });
    expect([refused.status, refused.body?.code]).toEqual([403, 'NOT_WHILE_IMPERSONATING']);
    const [kept] = await t.db.select().from(organization).where(eq(organization.id, organizationId));
    expect(kept).toBeDefined();
  });

  it('records every change as the admin’s, acting as the user', async () => {
    const { admin, target, cookie } = await impersonation({ admin: 'Sam Support', user: 'Ivy User' });
    await signedIn(target.email);

    const renamed = await t.request('POST', '/update-user', { name: 'Ivy Renamed' }, { cookie });
    expect(renamed.status, renamed.text).toBe(200);
    const revokedOthers = await t.request('POST', '/revoke-other-sessions', {}, { cookie });
    expect(revokedOthers.status, revokedOthers.text).toBe(200);
    const revokedAll = await t.request('POST', '/revoke-sessions', {}, { cookie });
    expect(revokedAll.status, revokedAll.text).toBe(200);

    const entries = (await entriesAbout(target.id)).filter((e) => e.action !== 'user.impersonate');
    expect(entries.map((e) => [e.action, e.actorUserId, e.targetType])).toEqual([
      ['user.update', admin.id, 'user'],
      ['session.revoke-others', admin.id, 'user'],
      ['session.revoke-all', admin.id, 'user'],
    ]);
    for (const entry of entries) expect(entry.metadata).toMatchObject({ actingAs: target.id });
    // Each entry names the user as they were called when it was written.
    expect(entries[0]?.metadata).toMatchObject({
      fields: 'name',
      label: 'Ivy Renamed',
      actingAsLabel: 'Ivy User',
    });
    expect(entries[1]?.metadata).toMatchObject({ actingAsLabel: 'Ivy Renamed' });

    // The user's activity shows them with both people named.
    const page = await listAuditEntries({ userId: target.id, limit: 20 }, t.db);
    const update = page.items.find((e) => e.action === 'user.update');
    expect(update).toMatchObject({
      actor: { id: admin.id, name: 'Sam Support' },
      actingAs: { id: target.id, name: 'Ivy User' },
      targetLabel: 'Ivy Renamed',
    });
    expect(update?.metadata).not.toHaveProperty('actingAs');
  });

  it('records nothing new for a user changing their own account', async () => {
    const own = await signedIn(newAddress('self'));
    const renamed = await t.request('POST', '/update-user', { name: 'Self Made' }, { cookie: own.cookie });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await entriesAbout(own.id)).toEqual([]);
  });
});

async function sessionIdOf(cookie: string) {
  const got = await t.getSession(cookie);
  return String((got.body?.session as { id: string }).id);
}

const storedSession = async (id: string) => (await t.db.select().from(session).where(eq(session.id, id)))[0];

describe('the impersonation hour', () => {
  it('does not slide when the browser drops the "don’t remember me" cookie', async () => {
    const { row, withoutDontRemember } = await impersonation();
    const read = await t.getSession(withoutDontRemember);
    expect(read.status, read.text).toBe(200);
    const after = await storedSession(row.id);
    expect(after?.expiresAt.getTime()).toBeLessThanOrEqual(row.createdAt.getTime() + CAP);
    // The direct session check takes the same way.
    await readSession(t.auth, t.db, new Headers({ cookie: withoutDontRemember }));
    expect((await storedSession(row.id))?.expiresAt.getTime()).toBeLessThanOrEqual(
      row.createdAt.getTime() + CAP,
    );
  });

  it('ends an hour after it began, whatever its stored expiry says', async () => {
    const { row, cookie, withoutDontRemember } = await impersonation();
    // A row that slid before this rule existed: begun over an hour ago, stored as valid for days.
    await t.db
      .update(session)
      .set({
        createdAt: new Date(Date.now() - CAP - MINUTE),
        expiresAt: new Date(Date.now() + 7 * DAY - CAP),
      })
      .where(eq(session.id, row.id));
    for (const sent of [cookie, withoutDontRemember]) {
      expect(await readSession(t.auth, t.db, new Headers({ cookie: sent }))).toBeNull();
    }
    // better-auth's own routes refuse it too, and change nothing.
    const renamed = await t.request(
      'POST',
      '/update-user',
      { name: 'Too Late' },
      { cookie: withoutDontRemember },
    );
    expect(renamed.status).toBe(401);
    expect((await findUser(row.userId))?.name).toBe('Ivy User');
    const got = await t.getSession(withoutDontRemember);
    expect(got.body).toBeNull();
  });

  it('leaves a session of the user’s own alone', async () => {
    const own = await signedIn(newAddress('own'));
    const id = await sessionIdOf(own.cookie);
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(session.id, id));
    expect(await readSession(t.auth, t.db, new Headers({ cookie: own.cookie }))).not.toBeNull();
  });
});
