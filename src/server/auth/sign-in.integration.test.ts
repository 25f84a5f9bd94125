import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { type CaughtMail, codeFromMail, mimePart, subjectOf } from '@/test/smtp-catcher';
import { session, user, verification } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { createSmtpMailer } from '@/server/email/mailer';
import { defaultCodeFloors } from './codes';
import { createTestAuth, SESSION_COOKIE, type TestAuth, unreachableSmtpUrl } from '@/test/auth';

// One database and one SMTP catcher for the file: every test uses its own addresses and client IPs
// (the helper gives each request a fresh X-Forwarded-For unless told otherwise), so they do not meet.
let t: TestAuth;
let seeded: string[];

let addressCounter = 0;
const newAddress = (label: string) => `${label}-${++addressCounter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
  await seedDatabase(t.db);
  // Generated seed users (not the fixed admin/user accounts), one per test that needs a known address.
  const rows = await t.db
    .select({ email: user.email })
    .from(user)
    .where(and(like(user.email, '%@example.com'), eq(user.role, 'user')))
    .orderBy(user.email)
    .limit(5);
  seeded = rows.map((r) => r.email);
  expect(seeded).toHaveLength(5);
});

afterAll(async () => {
  await t?.close();
});

/** Asks for a code and returns it from the e-mail that arrived (the n-th one to that address). */
async function requestCode(auth: TestAuth, email: string, headers?: Record<string, string>) {
  const before = auth.mailsTo(email).length;
  const response = await auth.sendCode(email, headers ? { headers } : {});
  expect(response.status, response.text).toBe(200);
  // The send is awaited by the endpoint, so the message is already in the catcher.
  const mails = auth.mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1) as CaughtMail;
  return { mail, code: codeFromMail(mail) };
}

/** A 6-digit code that is not `code`. */
const wrong = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

const findUser = async (email: string) =>
  (await t.db.select().from(user).where(eq(user.email, email.toLowerCase())))[0];

describe('sign-in with an e-mailed code', () => {
  it('mails a code, signs in with it, and creates an unknown address as a plain user', async () => {
    const email = newAddress('happy');
    const since = Date.now();
    const sent = await t.sendCode(email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true });

    const mail = await t.catcher.waitFor(email, { since, timeoutMs: 5_000 });
    expect(subjectOf(mail)).toBe('Your verification code');
    const code = codeFromMail(mail);
    expect(await findUser(email)).toBeUndefined();

    const signedIn = await t.signIn(email, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
    expect(signedIn.body?.user).toMatchObject({ email });

    const current = await t.getSession(signedIn.cookie as string);
    expect(current.status).toBe(200);
    expect(current.body?.user).toMatchObject({ email, role: 'user', emailVerified: true });

    const created = await findUser(email);
    expect(created).toMatchObject({ email, role: 'user', emailVerified: true, onboardedAt: null });
    expect(created?.banned).not.toBe(true);
  });

  it('stores the code encrypted, never as its digits', async () => {
    const email = newAddress('encrypted');
    const { code } = await requestCode(t, email);
    const rows = await t.verificationRows(email);
    expect(rows).toHaveLength(1);
    const value = rows[0]?.value ?? '';
    expect(value).not.toContain(code);
    expect(value).not.toMatch(/^\d{6}(:|$)/);
    // "<ciphertext>:<attempts>"; the ciphertext is long hex, not a hash-sized token of the code.
    expect(value).toMatch(/^[0-9a-f]{40,}:0$/);
  });

  it('gives a code five minutes, then refuses it as expired', async () => {
    const email = newAddress('expired');
    const { code } = await requestCode(t, email);
    const [row] = await t.verificationRows(email);
    if (!row) throw new Error('no verification row');
    const lifetimeSeconds = (row.expiresAt.getTime() - row.createdAt.getTime()) / 1000;
    expect(lifetimeSeconds).toBeGreaterThanOrEqual(appConfig.auth.otpExpiryMinutes * 60 - 10);
    expect(lifetimeSeconds).toBeLessThanOrEqual(appConfig.auth.otpExpiryMinutes * 60 + 10);
    expect(appConfig.auth.otpExpiryMinutes).toBe(5);

    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verification.id, row.id));
    const refused = await t.signIn(email, code);
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe('OTP_EXPIRED');
    expect(refused.cookie).toBeUndefined();
    // The expired code is gone: trying again is just an invalid code.
    expect(await t.verificationRows(email)).toHaveLength(0);
    expect((await t.signIn(email, code)).body?.code).toBe('INVALID_OTP');
  });

  it('allows three tries, then refuses even the right code until a new one is sent', async () => {
    const email = newAddress('tries');
    const { code } = await requestCode(t, email);
    for (const offset of [1, 2, 3]) {
      const attempt = await t.signIn(email, wrong(code, offset));
      expect(attempt.status).toBe(400);
      expect(attempt.body?.code).toBe('INVALID_OTP');
    }
    const locked = await t.signIn(email, code);
    expect(locked.status).toBe(403);
    expect(locked.body?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.cookie).toBeUndefined();
    // The spent code stays refused.
    const again = await t.signIn(email, code);
    expect(again.status).toBe(400);
    expect(again.body?.code).toBe('INVALID_OTP');

    const fresh = await requestCode(t, email);
    const signedIn = await t.signIn(email, fresh.code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.cookie).toBeDefined();
  });

  it('accepts a code once only', async () => {
    const email = newAddress('once');
    const { code } = await requestCode(t, email);
    expect((await t.signIn(email, code)).status).toBe(200);
    const replay = await t.signIn(email, code);
    expect(replay.status).toBe(400);
    expect(replay.body?.code).toBe('INVALID_OTP');
    expect(replay.cookie).toBeUndefined();
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const email = newAddress('resend');
    const first = await requestCode(t, email);
    let second = await requestCode(t, email);
    // One chance in a million that the two random codes are equal; ask once more then.
    if (second.code === first.code) second = await requestCode(t, email);
    expect(second.code).not.toBe(first.code);

    const stale = await t.signIn(email, first.code);
    expect(stale.status).toBe(400);
    expect(stale.body?.code).toBe('INVALID_OTP');
    const current = await t.signIn(email, second.code);
    expect(current.status, current.text).toBe(200);
    expect(current.cookie).toBeDefined();
  });
});

describe('session lifetime', () => {
  it('slides expiry on use but never past the absolute maximum', async () => {
    const email = newAddress('slide');
    await t.sendCode(email);
    const signedIn = await t.signIn(email, codeFromMail(t.mailsTo(email).at(-1) as CaughtMail));
    const cookie = signedIn.cookie as string;
    const owner = await findUser(email);
    if (!owner) throw new Error('user missing');
    const day = 86_400_000;
    const maxDays = appConfig.auth.sessionMaxAgeDays;

    // A session used a day ago slides a week ahead.
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - day), expiresAt: new Date(Date.now() + day) })
      .where(eq(session.userId, owner.id));
    expect((await t.getSession(cookie)).status).toBe(200);
    const [slid] = await t.db.select().from(session).where(eq(session.userId, owner.id));
    expect(slid?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * day);

    // Near the absolute maximum, it slides only up to creation + maximum.
    const createdAt = new Date(Date.now() - (maxDays - 2) * day);
    await t.db
      .update(session)
      .set({ createdAt, expiresAt: new Date(Date.now() + day) })
      .where(eq(session.userId, owner.id));
    expect((await t.getSession(cookie)).status).toBe(200);
    const [clamped] = await t.db.select().from(session).where(eq(session.userId, owner.id));
    expect(clamped?.expiresAt.getTime()).toBe(createdAt.getTime() + maxDays * day);
  });
});

describe('code types', () => {
  it('refuses any code type but sign-in, leaving a pending sign-in code usable', async () => {
    const email = newAddress('types');
    const first = await t.sendCode(email);
    expect(first.status).toBe(200);
    const code = codeFromMail(t.mailsTo(email).at(-1) as CaughtMail);
    for (const type of ['email-verification', 'forget-password', 'change-email']) {
      const other = await t.request('POST', '/email-otp/send-verification-otp', { email, type });
      expect(other.status).toBe(400);
    }
    expect((await t.signIn(email, code)).status).toBe(200);
  });
});

describe('limits on asking for codes', () => {
  it('sends at most five codes an hour to one address, whichever IPs ask', async () => {
    const limited = t.derive({ limits: { perAddress: { window: 3600, max: 5 } } });
    const email = newAddress('bombed');
    for (let i = 1; i <= 5; i++) {
      const sent = await limited.sendCode(email, { ip: `198.51.100.${i}` });
      expect(sent.status, `send #${i}`).toBe(200);
    }
    const sixth = await limited.sendCode(email, { ip: '198.51.100.6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body?.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(sixth.headers.get('x-retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.mailsTo(email)).toHaveLength(5);

    const other = newAddress('bystander');
    const unaffected = await limited.sendCode(other, { ip: '198.51.100.6' });
    expect(unaffected.status).toBe(200);
    expect(limited.mailsTo(other)).toHaveLength(1);
  });

  it('limits one IP to a few code requests a minute, without touching other IPs', async () => {
    const limited = t.derive({ limits: { codes: { window: 60, max: 3 } } });
    const ip = '203.0.113.7';
    for (let i = 1; i <= 3; i++) {
      const sent = await limited.sendCode(newAddress('per-ip'), { ip });
      expect(sent.status, `send #${i}`).toBe(200);
    }
    const blockedAddress = newAddress('per-ip');
    const fourth = await limited.sendCode(blockedAddress, { ip });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect(limited.mailsTo(blockedAddress)).toHaveLength(0);

    const elsewhere = await limited.sendCode(newAddress('per-ip'), { ip: '203.0.113.8' });
    expect(elsewhere.status).toBe(200);

    // Trying codes shares the limit (its own counter per path).
    const target = newAddress('per-ip-sign-in');
    for (let i = 1; i <= 3; i++) {
      expect((await limited.signIn(target, '000001', { ip })).status, `try #${i}`).toBe(400);
    }
    expect((await limited.signIn(target, '000001', { ip })).status).toBe(429);
  });

  it("applies the configured per-IP limit, not better-auth's built-in three a minute", async () => {
    const ip = '203.0.113.9';
    for (let i = 1; i <= 4; i++) {
      const sent = await t.sendCode(newAddress('default-ip'), { ip });
      expect(sent.status, `send #${i}`).toBe(200);
    }
  });
});

describe('who may sign in', () => {
  it('with sign-up off, answers known and unknown addresses alike and never creates a user', async () => {
    const closed = t.derive({ signUpEnabled: false, codeFloors: defaultCodeFloors });
    const known = appConfig.seed.userEmail;
    const unknown = newAddress('stranger');
    const usersBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(user);

    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await closed.sendCode(email);
      return { answer, ms: performance.now() - started };
    };
    const { answer: knownAnswer, ms: knownMs } = await timed(known);
    const { answer: unknownAnswer, ms: unknownMs } = await timed(unknown);
    // Both answers are held to the same floor, so timing does not tell which address has an account.
    expect(knownMs).toBeGreaterThanOrEqual(990);
    expect(unknownMs).toBeGreaterThanOrEqual(990);
    expect(unknownAnswer.status).toBe(knownAnswer.status);
    expect(unknownAnswer.text).toBe(knownAnswer.text);
    expect(knownAnswer.status).toBe(200);
    expect(closed.mailsTo(known).length).toBeGreaterThan(0);
    expect(closed.mailsTo(unknown)).toHaveLength(0);
    // A code nobody knows stands in for the one a known address gets (codes.integration.test.ts).
    expect(await closed.verificationRows(unknown)).toHaveLength(1);

    for (const guess of ['000000', '123456']) {
      const attempt = await closed.signIn(unknown, guess);
      expect(attempt.status).toBe(400);
      expect(attempt.body?.code).toBe('INVALID_OTP');
      expect(attempt.cookie).toBeUndefined();
    }
    expect(await findUser(unknown)).toBeUndefined();
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(user)).toEqual(usersBefore);

    // A known address still signs in.
    const code = codeFromMail(closed.mailsTo(known).at(-1) as CaughtMail);
    expect((await closed.signIn(known, code)).status).toBe(200);
  });

  it('refuses a banned user, and lets them in once the ban has expired', async () => {
    const email = seeded[0] as string;
    const target = await findUser(email);
    if (!target) throw new Error('seeded user missing');
    const banEnd = new Date(Date.now() + 86_400_000);
    await t.db
      .update(user)
      .set({ banned: true, banReason: 'test', banExpires: banEnd })
      .where(eq(user.id, target.id));

    const { code } = await requestCode(t, email);
    const refused = await t.signIn(email, code);
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('BANNED_USER');
    // The answer says until when, so the screen can show the date.
    expect(new Date(String(refused.body?.banExpires)).getTime()).toBe(banEnd.getTime());
    expect(refused.cookie).toBeUndefined();
    expect(await t.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(0);

    await t.db
      .update(user)
      .set({ banExpires: new Date(Date.now() - 1_000) })
      .where(eq(user.id, target.id));
    const next = await requestCode(t, email);
    const admitted = await t.signIn(email, next.code);
    expect(admitted.status, admitted.text).toBe(200);
    expect(admitted.cookie).toBeDefined();
    // better-auth lifts the expired ban on the way in.
    expect(await findUser(email)).toMatchObject({ banned: false, banExpires: null });
  });

  it('refuses a user banned without an end date', async () => {
    const email = seeded[1] as string;
    await t.db.update(user).set({ banned: true, banExpires: null }).where(eq(user.email, email));
    const { code } = await requestCode(t, email);
    const refused = await t.signIn(email, code);
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('BANNED_USER');
  });
});

describe('when the e-mail cannot be sent', () => {
  it('answers 503 EMAIL_NOT_SENT and leaves nothing behind, then works once SMTP is back', async () => {
    const down = t.derive({ mailer: createSmtpMailer(await unreachableSmtpUrl(), 'Test <t@example.test>') });
    const email = newAddress('smtp-down');

    const failed = await down.sendCode(email);
    expect(failed.status).toBe(503);
    expect(failed.body?.code).toBe('EMAIL_NOT_SENT');
    expect(await down.verificationRows(email)).toHaveLength(0);
    expect(await findUser(email)).toBeUndefined();
    expect(down.mailsTo(email)).toHaveLength(0);

    // The same for an existing account: no code row is left for a mail that never left.
    const known = seeded[2] as string;
    const failedKnown = await down.sendCode(known);
    expect(failedKnown.status).toBe(503);
    expect(failedKnown.body?.code).toBe('EMAIL_NOT_SENT');
    expect(await down.verificationRows(known)).toHaveLength(0);

    const { code } = await requestCode(t, email);
    const signedIn = await t.signIn(email, code);
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});

describe('the e-mail language', () => {
  type LanguageCase = {
    name: string;
    headers: Record<string, string>;
    subject: string;
    lang: string;
    dir: 'ltr' | 'rtl';
  };
  it.each<LanguageCase>([
    {
      name: 'the language cookie (fr)',
      headers: { cookie: 'i18next=fr' },
      subject: 'Votre code de vérification',
      lang: 'fr',
      dir: 'ltr',
    },
    {
      name: 'the language cookie (ar)',
      headers: { cookie: 'i18next=ar' },
      subject: 'رمز التحقق الخاص بك',
      lang: 'ar',
      dir: 'rtl',
    },
    {
      name: 'Accept-Language without a cookie (sw)',
      headers: { 'accept-language': 'sw' },
      subject: 'Msimbo wako wa uthibitisho',
      lang: 'sw',
      dir: 'ltr',
    },
    {
      name: 'the cookie over Accept-Language',
      headers: { cookie: 'theme=dark; i18next=fr', 'accept-language': 'sw,en;q=0.5' },
      subject: 'Votre code de vérification',
      lang: 'fr',
      dir: 'ltr',
    },
    { name: 'English by default', headers: {}, subject: 'Your verification code', lang: 'en', dir: 'ltr' },
  ])('follows $name', async ({ headers, subject, lang, dir }) => {
    const email = newAddress(`lang-${lang}`);
    const { mail, code } = await requestCode(t, email, headers);
    expect(subjectOf(mail)).toBe(subject);
    const html = mimePart(mail, 'text/html');
    expect(html).toMatch(new RegExp(`<html[^>]*\\bdir="${dir}"`));
    expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${lang}"`));
    expect(html).toContain(code);
    expect(mimePart(mail, 'text/plain')).toContain(code);
  });
});

describe('demo mode', () => {
  it('sends no e-mail, signs a sample account in with 000000, and nobody else', async () => {
    const demo = t.derive({ demo: true });
    const email = appConfig.seed.userEmail;
    const mailsBefore = demo.mailsTo(email).length;

    const sent = await demo.sendCode(email);
    expect(sent.status).toBe(200);
    expect(demo.mailsTo(email)).toHaveLength(mailsBefore);
    const signedIn = await demo.signIn(email, '000000');
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.cookie).toBeDefined();
    expect((await demo.getSession(signedIn.cookie as string)).body?.user).toMatchObject({ email });

    // Another existing account (an admin would be no different) and an unknown address: the fixed
    // code is refused like any wrong code, and no one signs up.
    const stranger = newAddress('demo-stranger');
    for (const other of [seeded[3] as string, stranger]) {
      const otherSent = await demo.sendCode(other);
      expect(otherSent.status).toBe(200);
      expect(otherSent.text).toBe(sent.text);
      const refused = await demo.signIn(other, '000000');
      expect(refused.status, other).toBe(400);
      expect(refused.body?.code).toBe('INVALID_OTP');
      expect(refused.cookie).toBeUndefined();
      expect(demo.mailsTo(other)).toHaveLength(0);
    }
    expect(await findUser(stranger)).toBeUndefined();
  });
});
