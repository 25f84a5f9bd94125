import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appConfig } from '~/app.config';
import { codeFromMail, type CaughtMail } from '@/test/smtp-catcher';
import { session, user } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { readSession, verifiedCookieValue } from './session';
import { createTestAuth, type TestAuth } from './test-auth';

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
  const sent = await t.sendCode(email);
  expect(sent.status, sent.text).toBe(200);
  const signedIn = await t.signIn(email, codeFromMail(t.mailsTo(email).at(-1) as CaughtMail));
  expect(signedIn.cookie).toBeDefined();
  const cookie = signedIn.cookie as string;
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
