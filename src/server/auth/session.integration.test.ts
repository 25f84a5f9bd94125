import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { session, user } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { readSession, verifiedCookieValue } from './session';
import { createTestAuth, SESSION_COOKIE, type TestAuth } from '@/test/auth';

// The session check's direct path (session.ts) must answer exactly what better-auth's getSession answers,
// and leave every case that writes cookies or rows to better-auth.

const DAY = 86_400_000;
let t: TestAuth;

beforeAll(async () => {
  t = await createTestAuth();
  await seedDatabase(t.db);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

async function signIn(email: string): Promise<{ cookie: string; token: string }> {
  const { cookie } = await t.signedIn(email);
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return { cookie, token: value.slice(0, value.lastIndexOf('.')) };
}

const headersWith = (cookie: string) => new Headers({ cookie });
const betterAuthAnswer = (cookie: string) => t.auth.api.getSession({ headers: headersWith(cookie) });
const storedExpiry = async (token: string) =>
  (await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token)))[0]
    ?.expiresAt;

describe('readSession', () => {
  it("answers a signed-in user's request with better-auth's own answer, without its endpoint", async () => {
    const { cookie } = await signIn(appConfig.seed.userEmail);
    const expected = await betterAuthAnswer(cookie);
    expect(expected?.user.email).toBe(appConfig.seed.userEmail);

    const endpoint = vi.spyOn(t.auth.api, 'getSession');
    const answer = await readSession(t.auth, t.db, headersWith(cookie));
    expect(endpoint).not.toHaveBeenCalled();
    endpoint.mockRestore();
    expect(answer).toEqual(expected);
  });

  it('carries impersonation and the admin fields as better-auth does', async () => {
    const { cookie, token } = await signIn(appConfig.seed.adminEmail);
    const [admin] = await t.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, appConfig.seed.adminEmail));
    await t.db.update(session).set({ impersonatedBy: admin?.id }).where(eq(session.token, token));
    const answer = await readSession(t.auth, t.db, headersWith(cookie));
    expect(answer?.session.impersonatedBy).toBe(admin?.id);
    expect(answer?.user.role).toBe('admin');
    expect(answer).toEqual(await betterAuthAnswer(cookie));
  });

  it('refuses a cookie whose signature does not match, or that has none', async () => {
    const { cookie, token } = await signIn(appConfig.seed.userEmail);
    const name = cookie.slice(0, cookie.indexOf('='));
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await readSession(t.auth, t.db, headersWith(forged))).toBeNull();
    expect(await readSession(t.auth, t.db, headersWith(`${name}=${token}`))).toBeNull();
  });

  it('answers null once the session is revoked, at the very next check', async () => {
    const { cookie, token } = await signIn(appConfig.seed.userEmail);
    expect(await readSession(t.auth, t.db, headersWith(cookie))).not.toBeNull();
    await t.db.delete(session).where(eq(session.token, token));
    expect(await readSession(t.auth, t.db, headersWith(cookie))).toBeNull();
  });

  it('leaves an expired session to better-auth, which deletes it', async () => {
    const { cookie, token } = await signIn(appConfig.seed.userEmail);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await readSession(t.auth, t.db, headersWith(cookie))).toBeNull();
    expect(await storedExpiry(token)).toBeUndefined();
  });

  it('leaves a session due for its sliding refresh to better-auth, which pushes its expiry', async () => {
    const { cookie, token } = await signIn(appConfig.seed.userEmail);
    // Last refreshed two days ago: a week from then, past the one-day refresh age.
    const stale = new Date(Date.now() + 7 * DAY - 2 * DAY);
    await t.db.update(session).set({ expiresAt: stale }).where(eq(session.token, token));
    const answer = await readSession(t.auth, t.db, headersWith(cookie));
    expect(answer?.user.email).toBe(appConfig.seed.userEmail);
    expect((await storedExpiry(token))?.getTime()).toBeGreaterThan(stale.getTime() + DAY);
  });
});

describe('verifiedCookieValue', () => {
  it('accepts only the exact base64 signature of the value', () => {
    const secret = 'a-secret';
    const signature = createHmac('sha256', secret).update('token').digest('base64');
    expect(verifiedCookieValue(`token.${signature}`, secret)).toBe('token');
    expect(verifiedCookieValue(`token.${signature}`, 'another-secret')).toBeUndefined();
    expect(verifiedCookieValue(`token.${signature.replace(/=$/, '')}`, secret)).toBeUndefined();
    expect(verifiedCookieValue(`other.${signature}`, secret)).toBeUndefined();
    expect(verifiedCookieValue('token', secret)).toBeUndefined();
    expect(verifiedCookieValue(undefined, secret)).toBeUndefined();
  });
});

/** A user row of its own, for tests that change it. */
async function insertUser(fields: Partial<typeof user.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await t.db
    .insert(user)
    .values({ id, name: 'Row', email: `${id}@example.test`, emailVerified: true, ...fields });
  return id;
}

/** A session row for `userId`, inserted directly, and the signed cookie that presents it. */
async function insertSession(userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.db
    .insert(session)
    .values({ id: randomUUID(), token, userId, expiresAt: new Date(Date.now() + 7 * DAY) });
  const signature = createHmac('sha256', t.env.BETTER_AUTH_SECRET).update(token).digest('base64');
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

describe('a banned user whose session row survived the ban', () => {
  // Banning deletes the user's sessions; a sign-in racing the ban can still leave one behind.
  const bannedAdmin = (banExpires: Date | null = null) =>
    insertUser({ role: 'admin', banned: true, banReason: 'test', banExpires, onboardedAt: new Date() });

  it('is refused by the session check, on the direct path and by better-auth', async () => {
    const cookie = await insertSession(await bannedAdmin());
    expect(await readSession(t.auth, t.db, headersWith(cookie))).toBeNull();
    const other = await insertSession(await bannedAdmin(new Date(Date.now() + DAY)));
    expect(await betterAuthAnswer(other)).toBeNull();
  });

  it('is refused by every better-auth route that acts on a session, which then changes nothing', async () => {
    const routes: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['POST', '/update-user', { name: 'Changed' }],
      ['POST', '/delete-user', {}],
      ['POST', '/revoke-sessions', {}],
      ['POST', '/revoke-other-sessions', {}],
      ['POST', '/email-otp/request-email-change', { newEmail: `${randomUUID()}@example.test` }],
      ['GET', '/admin/list-users'],
      ['POST', '/admin/stop-impersonating', {}],
    ];
    for (const [method, path, body] of routes) {
      const id = await bannedAdmin();
      const answer = await t.request(method, path, body, { cookie: await insertSession(id) });
      expect(answer.status, `${path}: ${answer.text}`).toBe(401);
      const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, id));
      expect(row?.name, path).toBe('Row');
    }
    const lookup = await t.request('GET', '/get-session', undefined, {
      cookie: await insertSession(await bannedAdmin()),
    });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toBeNull();
  });

  it('leaves no session row behind once refused', async () => {
    const id = await bannedAdmin();
    const cookie = await insertSession(id);
    expect(await readSession(t.auth, t.db, headersWith(cookie))).toBeNull();
    expect(await t.db.select({ id: session.id }).from(session).where(eq(session.userId, id))).toEqual([]);
  });

  it('is accepted again once the ban has ended', async () => {
    const cookie = await insertSession(await bannedAdmin(new Date(Date.now() - 1000)));
    const answer = await readSession(t.auth, t.db, headersWith(cookie));
    expect(answer?.user.name).toBe('Row');
    expect(answer).toEqual(await betterAuthAnswer(cookie));
  });
});

describe('a duplicated session cookie', () => {
  it('is read as better-auth reads it, however the copies are ordered', async () => {
    const first = await insertSession(await insertUser({ name: 'First' }));
    const second = await insertSession(await insertUser({ name: 'Second' }));
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(`forged.${'A'.repeat(43)}=`)}`;
    for (const cookie of [
      `a=1; ${first}; ${second}`,
      `a=1; ${second}; ${first}`,
      `${forged}; ${first}`,
      `${first}; ${forged}`,
    ]) {
      const expected = await betterAuthAnswer(cookie);
      expect(await readSession(t.auth, t.db, headersWith(cookie)), cookie).toEqual(expected);
    }
    expect((await betterAuthAnswer(`a=1; ${first}; ${second}`))?.user.name).toBe('First');
  });
});
