// Two production instances on two ports over one Postgres database (and, in the second variant, one
// Redis): what one instance does to sessions, bans and rate-limit counters holds on the other at its next
// request, since no instance keeps any of it in memory (better-auth's cookie cache is off).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Redis } from 'ioredis';
import { codeFromMail, type SmtpCatcher, startSmtpCatcher } from '../src/test/smtp-catcher.ts';
import {
  clientAddress,
  createThrowawayDatabase,
  type Instance,
  startInstance,
  stopAll,
  type ThrowawayDatabase,
  waitForReady,
} from './support/instances.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** The app's Redis key prefix for rate-limit counters (src/server/auth/quota-store.ts). */
const QUOTA_PREFIX = 'starter:quota:';

const variants = [
  {
    title: 'counters in Postgres',
    redis: false,
    skip: !serverUrl,
    reason: 'needs a Postgres server: set TEST_DATABASE_URL',
  },
  {
    title: 'counters in Redis',
    redis: true,
    skip: !serverUrl || !redisUrl,
    reason: !serverUrl
      ? 'needs a Postgres server: set TEST_DATABASE_URL'
      : 'needs a Redis server: set TEST_REDIS_URL',
  },
];

function newEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomInt(1e6)}@multi.e2e.test`;
}

type Session = { cookie: string; userId: string };

function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function post(instance: Instance, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${instance.origin}${path}`, {
    method: 'POST',
    headers: { origin: instance.origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function sendCode(instance: Instance, email: string, ip = clientAddress()) {
  return post(
    instance,
    '/api/auth/email-otp/send-verification-otp',
    { email, type: 'sign-in' },
    { 'x-forwarded-for': ip },
  );
}

/** The cookies an answer sets, as a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** The session as `instance` sees it: the parsed body of get-session (null when signed out). */
async function sessionOn(instance: Instance, cookie: string) {
  const response = await fetch(`${instance.origin}/api/auth/get-session`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    user: { id: string; email: string };
    session: { userId: string };
  } | null;
}

/** A server render of /app with `cookie`, without following redirects. */
function appPage(instance: Instance, cookie: string) {
  return fetch(`${instance.origin}/app`, { headers: { cookie }, redirect: 'manual' });
}

for (const variant of variants) {
  test.describe(`two instances, one database (${variant.title})`, () => {
    test.skip(variant.skip, variant.reason);
    test.describe.configure({ timeout: 60_000 });

    let database: ThrowawayDatabase | undefined;
    let smtp: SmtpCatcher | undefined;
    let redis: Redis | undefined;
    let a: Instance;
    let b: Instance;
    let admin: Session;
    const addresses: string[] = [];

    /** Signs `email` in on `instance` over HTTP with the mailed code; returns the session cookie. */
    async function signIn(instance: Instance, email: string): Promise<Session> {
      addresses.push(email);
      const ip = clientAddress();
      const since = Date.now();
      const sent = await sendCode(instance, email, ip);
      expect(sent.status, await sent.clone().text()).toBe(200);
      const code = codeFromMail(await smtp!.waitFor(email, { since }));
      const signedIn = await post(
        instance,
        '/api/auth/sign-in/email-otp',
        { email, otp: code },
        // The code works only with the browser binding cookie its request was given (ADR 016).
        { 'x-forwarded-for': ip, cookie: cookiesOf(sent) },
      );
      expect(signedIn.status, await signedIn.clone().text()).toBe(200);
      const { user } = (await signedIn.json()) as { user: { id: string } };
      return { cookie: sessionCookie(signedIn), userId: user.id };
    }

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      smtp = await startSmtpCatcher();
      database = await createThrowawayDatabase(serverUrl!);
      if (variant.redis) redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
      const env = {
        DATABASE_URL: database.url,
        EMAIL_SERVER: smtp.url,
        ...(variant.redis ? { REDIS_URL: redisUrl! } : {}),
      };
      // Started together on an empty database: both migrate at once, under the advisory lock.
      [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
      await Promise.all([waitForReady(a), waitForReady(b)]);
      const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as {
        entries: unknown[];
      };
      const [applied] = await database.sql<
        { n: number }[]
      >`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(applied?.n).toBe(journal.entries.length);

      const adminEmail = newEmail('admin');
      admin = await signIn(b, adminEmail);
      await database.sql`update "user" set role = 'admin', name = 'Ada Admin', onboarded_at = now() where id = ${admin.userId}`;
    });

    test.afterAll(async () => {
      await stopAll([a, b]);
      if (redis) {
        const keys = addresses.map((email) => `${QUOTA_PREFIX}otp-send:${email}`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
      await database?.drop();
      await smtp?.close();
    });

    test('a session started on A is the same session on B, and B renders the app for it', async () => {
      const email = newEmail('both');
      const user = await signIn(a, email);
      await database!
        .sql`update "user" set name = 'Mia Multi', onboarded_at = now() where id = ${user.userId}`;

      const onB = await sessionOn(b, user.cookie);
      expect(onB?.user).toMatchObject({ id: user.userId, email });
      expect(onB?.session.userId).toBe(user.userId);

      const page = await appPage(b, user.cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<h1[^>]*>Hello, Mia Multi<\/h1>/);

      // The same page without the cookie: B would send a stranger to the login screen.
      const anonymous = await appPage(b, '');
      expect(anonymous.status).toBe(307);
      expect(anonymous.headers.get('location')).toBe('/login?redirect=%2Fapp');
    });

    test("revoking a user's sessions on B signs them out on A at the next request", async () => {
      const user = await signIn(a, newEmail('revoked'));
      expect((await sessionOn(a, user.cookie))?.user.id).toBe(user.userId);

      const revoked = await post(
        b,
        '/api/auth/admin/revoke-user-sessions',
        { userId: user.userId },
        { cookie: admin.cookie },
      );
      expect(revoked.status, await revoked.clone().text()).toBe(200);
      expect(await revoked.json()).toEqual({ success: true });

      expect(await sessionOn(a, user.cookie)).toBeNull();
      const page = await appPage(a, user.cookie);
      expect(page.status).toBe(307);
      expect(page.headers.get('location')).toBe('/login?redirect=%2Fapp');
      // The admin who did it on B is still signed in on A.
      expect((await sessionOn(a, admin.cookie))?.user.id).toBe(admin.userId);
    });

    test('a ban on B refuses the session on A and a new sign-in on A', async () => {
      const email = newEmail('banned');
      const user = await signIn(a, email);
      expect((await sessionOn(a, user.cookie))?.user.id).toBe(user.userId);

      const banned = await post(
        b,
        '/api/auth/admin/ban-user',
        { userId: user.userId, banReason: 'e2e' },
        { cookie: admin.cookie },
      );
      expect(banned.status, await banned.clone().text()).toBe(200);
      expect(((await banned.json()) as { user: { banned: boolean } }).user.banned).toBe(true);

      expect(await sessionOn(a, user.cookie)).toBeNull();
      const page = await appPage(a, user.cookie);
      expect(page.status).toBe(307);
      expect(page.headers.get('location')).toBe('/login?redirect=%2Fapp');

      // A fresh code still arrives; using it is what A refuses, with the permanent-ban answer.
      const ip = clientAddress();
      const since = Date.now();
      const sent = await sendCode(a, email, ip);
      expect(sent.status).toBe(200);
      const code = codeFromMail(await smtp!.waitFor(email, { since }));
      const refused = await post(
        a,
        '/api/auth/sign-in/email-otp',
        { email, otp: code },
        { 'x-forwarded-for': ip, cookie: cookiesOf(sent) },
      );
      expect(refused.status).toBe(403);
      expect(refused.headers.getSetCookie()).toEqual([]);
      const body = (await refused.json()) as Record<string, unknown>;
      expect(body.code).toBe('BANNED_USER');
      expect(body).not.toHaveProperty('banExpires');
    });

    test('the per-address code limit is shared: the 6th request fails on either instance', async () => {
      const email = newEmail('limit');
      addresses.push(email);
      const since = Date.now();
      // A new client address on every request, so only the per-address limit can refuse one.
      for (const instance of [a, b, a, b, a]) {
        const sent = await sendCode(instance, email);
        expect(sent.status, `${instance.origin}: ${await sent.clone().text()}`).toBe(200);
        expect(await sent.json()).toEqual({ success: true });
      }
      for (const instance of [b, a]) {
        const refused = await sendCode(instance, email);
        expect(refused.status, instance.origin).toBe(429);
        expect(await refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests' });
        const retryAfter = Number(refused.headers.get('x-retry-after'));
        expect(retryAfter).toBeGreaterThan(3_500);
        expect(retryAfter).toBeLessThanOrEqual(3_600);
      }
      // Five codes went out, no more.
      await expect
        .poll(() => smtp!.messages.filter((m) => m.receivedAt >= since && m.to.includes(email)).length)
        .toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp!.messages.filter((m) => m.receivedAt >= since && m.to.includes(email))).toHaveLength(5);

      // The count lives where this variant says: one counter, seven uses, in Redis or in Postgres.
      const key = `otp-send:${email}`;
      const rows = await database!.sql<{ count: number }[]>`select count from rate_limit where key = ${key}`;
      if (variant.redis) {
        expect(await redis!.get(`${QUOTA_PREFIX}${key}`)).toBe('7');
        expect(rows).toEqual([]);
      } else {
        expect(rows).toEqual([{ count: 7 }]);
      }
    });

    test('both instances stop on SIGTERM and exit 0', async () => {
      const started = Date.now();
      const [exitA, exitB] = await Promise.all([a.stop(), b.stop()]);
      expect({ code: exitA.code, signal: exitA.signal }, a.output()).toEqual({ code: 0, signal: null });
      expect({ code: exitB.code, signal: exitB.signal }, b.output()).toEqual({ code: 0, signal: null });
      expect(Math.max(exitA.at, exitB.at) - started).toBeLessThan(10_000);
    });
  });
}
