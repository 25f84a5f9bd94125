import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaughtMail, codeFromMail } from '@/test/smtp-catcher';
import { user, verification } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { createSmtpMailer } from '@/server/email/mailer';
import { defaultCodeFloors } from './codes';
import { type AuthResponse, createTestAuth, type TestAuth, unreachableSmtpUrl } from '@/test/auth';

// Codes as an attacker meets them, through `auth.handler`: bound to the browser that asked, a mail limit
// a stranger cannot use to lock the owner out, and answers that do not tell whether an address has an
// account (docs/decisions/016-auth-routes-and-codes.md).
let t: TestAuth;
let seeded: string[];
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
  await seedDatabase(t.db);
  const rows = await t.db
    .select({ email: user.email })
    .from(user)
    .where(and(like(user.email, '%@example.com'), eq(user.role, 'user')))
    .orderBy(user.email)
    .limit(6);
  seeded = rows.map((row) => row.email);
  expect(seeded).toHaveLength(6);
});

afterAll(async () => {
  await t?.close();
});

const lastCode = (auth: TestAuth, email: string) => codeFromMail(auth.mailsTo(email).at(-1) as CaughtMail);
/** A 6-digit code that is not `code`. */
const wrong = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

describe('a code belongs to the browser that asked for it', () => {
  it('ignores tries and new requests from any other browser, so they cannot burn or replace it', async () => {
    const email = newAddress('owner');
    expect((await t.sendCode(email, { browser: 'owner' })).status).toBe(200);
    const code = lastCode(t, email);

    // Far more wrong tries than a code allows, from another browser and from none at all.
    for (let i = 1; i <= 5; i++) {
      const guess = await t.signIn(email, wrong(code, i), { browser: 'attacker' });
      expect(guess.status, guess.text).toBe(400);
      expect(guess.body?.code).toBe('INVALID_OTP');
      expect((await t.signIn(email, wrong(code, i))).body?.code).toBe('INVALID_OTP');
    }
    // The right code typed elsewhere does not work either.
    expect((await t.signIn(email, code, { browser: 'attacker' })).body?.code).toBe('INVALID_OTP');
    // A new code asked for elsewhere goes to the owner's inbox but leaves the first one as it was.
    expect((await t.sendCode(email, { browser: 'attacker' })).status).toBe(200);

    const signedIn = await t.signIn(email, code, { browser: 'owner' });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.cookie).toBeDefined();
  });

  it('still allows three tries from its own browser, then refuses it', async () => {
    const email = newAddress('own-tries');
    await t.sendCode(email, { browser: 'b' });
    const code = lastCode(t, email);
    for (const offset of [1, 2, 3]) {
      expect((await t.signIn(email, wrong(code, offset), { browser: 'b' })).body?.code).toBe('INVALID_OTP');
    }
    expect((await t.signIn(email, code, { browser: 'b' })).body?.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('the per-address mail limit', () => {
  it('leaves a browser that signed in to the address before an allowance of its own', async () => {
    const limited = t.derive({ limits: { perAddress: { window: 3600, max: 3 } } });
    const email = newAddress('besieged');
    // The owner signed in from their laptop once.
    await limited.sendCode(email, { browser: 'laptop' });
    expect((await limited.signIn(email, lastCode(limited, email), { browser: 'laptop' })).status).toBe(200);

    // A stranger uses up what is left of the address's limit, and more.
    for (let i = 0; i < 4; i++) await limited.sendCode(email, { browser: `stranger-${i}` });
    const refused = await limited.sendCode(email, { browser: 'stranger-x' });
    expect(refused.status).toBe(429);
    // A browser the owner never signed in from is out of luck for the hour (the ADR's known limit).
    expect((await limited.sendCode(email, { browser: 'new-phone' })).status).toBe(429);

    // The laptop still gets codes, and signs in with them.
    const fromLaptop = await limited.sendCode(email, { browser: 'laptop' });
    expect(fromLaptop.status, fromLaptop.text).toBe(200);
    const signedIn = await limited.signIn(email, lastCode(limited, email), { browser: 'laptop' });
    expect(signedIn.status, signedIn.text).toBe(200);
  });

  it('stays capped: new browsers share one limit, a forged or foreign known-browser cookie counts for nothing', async () => {
    const limited = t.derive({ limits: { perAddress: { window: 3600, max: 3 } } });
    const email = newAddress('bombed');
    for (let i = 0; i < 3; i++) {
      expect((await limited.sendCode(email, { browser: `fresh-${i}` })).status).toBe(200);
    }
    const forged = `${limited.browserCookies('fresh-0')}; better-auth.code_known=${'A'.repeat(22)}`;
    expect((await limited.sendCode(email, { cookie: forged })).status).toBe(429);
    // A browser known for another address has no allowance for this one.
    const other = newAddress('own-account');
    await limited.sendCode(other, { browser: 'mine' });
    expect((await limited.signIn(other, lastCode(limited, other), { browser: 'mine' })).status).toBe(200);
    expect((await limited.sendCode(email, { browser: 'mine' })).status).toBe(429);
    expect(limited.mailsTo(email)).toHaveLength(3);
  });

  it('counts every code mailed, whatever route or kind of code asked for it', async () => {
    const limited = t.derive({ limits: { perAddress: { window: 3600, max: 2 } } });
    const email = seeded[0] as string;
    // A route the product does not serve, called from server code: its codes count all the same.
    for (let i = 0; i < 4; i++) {
      await limited.auth.api.requestPasswordResetEmailOTP({ body: { email } });
    }
    expect(limited.mailsTo(email)).toHaveLength(2);
    expect((await limited.sendCode(email)).status).toBe(429);
  });
});

type Exchange = { status: number; body: unknown; headers: string[]; ms: number };

/** What a caller can observe of an answer: status, body, header names and cookie names with attributes. */
async function observe(call: () => Promise<AuthResponse>): Promise<Exchange> {
  const started = performance.now();
  const answer = await call();
  const ms = performance.now() - started;
  const headers = [...answer.headers.keys()].filter((name) => name !== 'set-cookie');
  const cookies = answer.headers.getSetCookie().map((line) => line.replace(/=[^;]*/, '=…'));
  return { status: answer.status, body: answer.body, headers: [...headers, ...cookies].sort(), ms };
}

const same = (a: Exchange, b: Exchange, what: string) => {
  expect({ status: b.status, body: b.body, headers: b.headers }, what).toEqual({
    status: a.status,
    body: a.body,
    headers: a.headers,
  });
};

// Each pair of calls runs side by side: each waits out its own floor, and the two addresses share no state.
describe('with sign-up off, known and unknown addresses get the same answers', () => {
  it('on asking for a code, on wrong tries, on too many tries and on an expired code', async () => {
    const closed = t.derive({
      signUpEnabled: false,
      codeFloors: defaultCodeFloors,
      limits: { perAddress: { window: 3600, max: 2 } },
    });
    const known = seeded[1] as string;
    const unknown = newAddress('nobody');

    const sent = await Promise.all([
      observe(() => closed.sendCode(known)),
      observe(() => closed.sendCode(unknown)),
    ]);
    same(sent[0] as Exchange, sent[1] as Exchange, 'send');
    expect(sent[0]?.status).toBe(200);
    for (const exchange of sent) expect(exchange.ms).toBeGreaterThanOrEqual(defaultCodeFloors.send - 5);
    expect(closed.mailsTo(unknown)).toHaveLength(0);
    const code = lastCode(closed, known);

    for (const offset of [1, 2, 3]) {
      const tries = await Promise.all([
        observe(() => closed.signIn(known, wrong(code, offset))),
        observe(() => closed.signIn(unknown, wrong(code, offset))),
      ]);
      same(tries[0] as Exchange, tries[1] as Exchange, `wrong try ${offset}`);
      expect((tries[0]?.body as { code?: string }).code).toBe('INVALID_OTP');
      for (const exchange of tries) expect(exchange.ms).toBeGreaterThanOrEqual(defaultCodeFloors.check - 5);
    }
    const spent = await Promise.all([
      observe(() => closed.signIn(known, code)),
      observe(() => closed.signIn(unknown, code)),
    ]);
    same(spent[0] as Exchange, spent[1] as Exchange, 'too many tries');
    expect((spent[0]?.body as { code?: string }).code).toBe('TOO_MANY_ATTEMPTS');

    // A new code each (the last one the limit allows), then both expire.
    await closed.sendCode(known);
    await closed.sendCode(unknown);
    await t.db.execute(
      sql`update ${verification} set expires_at = now() - interval '1 second'
          where ${verification.identifier} like ${`sign-in-otp-${known}#%`}
             or ${verification.identifier} like ${`sign-in-otp-${unknown}#%`}`,
    );
    const expired = await Promise.all([
      observe(() => closed.signIn(known, lastCode(closed, known))),
      observe(() => closed.signIn(unknown, '123456')),
    ]);
    same(expired[0] as Exchange, expired[1] as Exchange, 'expired');
    expect((expired[0]?.body as { code?: string }).code).toBe('OTP_EXPIRED');

    // Over the limit, both are refused alike.
    const over = await Promise.all([
      observe(() => closed.sendCode(known)),
      observe(() => closed.sendCode(unknown)),
    ]);
    same(over[0] as Exchange, over[1] as Exchange, 'over the limit');
    expect(over[0]?.status).toBe(429);
    expect(await t.db.select().from(user).where(eq(user.email, unknown))).toHaveLength(0);
  });

  it('when the mail server is down', async () => {
    const down = t.derive({
      signUpEnabled: false,
      mailer: createSmtpMailer(await unreachableSmtpUrl(), 'Test <t@example.test>'),
    });
    const known = seeded[2] as string;
    const unknown = newAddress('nobody-smtp');
    const answers = await Promise.all([
      observe(() => down.sendCode(known)),
      observe(() => down.sendCode(unknown)),
    ]);
    same(answers[0] as Exchange, answers[1] as Exchange, 'SMTP down');
    expect(answers[0]?.status).toBe(503);
    expect((answers[0]?.body as { code?: string }).code).toBe('EMAIL_NOT_SENT');
    expect(await down.verificationRows(known)).toHaveLength(0);
    expect(await down.verificationRows(unknown)).toHaveLength(0);
  });
});

describe('changing the address: one that has an account and one that has none get the same answers', () => {
  it('on asking for a code, on wrong and too many tries, and over the limit', async () => {
    const limited = t.derive({
      codeFloors: defaultCodeFloors,
      limits: { perAddress: { window: 3600, max: 1 } },
    });
    const owner = newAddress('mover');
    await limited.sendCode(owner);
    const session = await limited.signIn(owner, lastCode(limited, owner));
    const cookie = session.cookie as string;
    const taken = seeded[3] as string;
    const free = newAddress('free');
    const request = (newEmail: string) => () =>
      limited.request('POST', '/email-otp/request-email-change', { newEmail }, { cookie });
    const confirm = (newEmail: string, otp: string) => () =>
      limited.request('POST', '/email-otp/change-email', { newEmail, otp }, { cookie });

    const asked = await Promise.all([observe(request(taken)), observe(request(free))]);
    same(asked[0] as Exchange, asked[1] as Exchange, 'request');
    expect(asked[0]?.status).toBe(200);
    for (const exchange of asked) expect(exchange.ms).toBeGreaterThanOrEqual(defaultCodeFloors.send - 5);
    expect(limited.mailsTo(taken)).toHaveLength(0);
    const code = lastCode(limited, free);

    for (const offset of [1, 2, 3]) {
      const tries = await Promise.all([
        observe(confirm(taken, wrong(code, offset))),
        observe(confirm(free, wrong(code, offset))),
      ]);
      same(tries[0] as Exchange, tries[1] as Exchange, `wrong try ${offset}`);
    }
    const spent = await Promise.all([observe(confirm(taken, code)), observe(confirm(free, code))]);
    same(spent[0] as Exchange, spent[1] as Exchange, 'too many tries');
    expect((spent[0]?.body as { code?: string }).code).toBe('TOO_MANY_ATTEMPTS');

    const over = await Promise.all([observe(request(taken)), observe(request(free))]);
    same(over[0] as Exchange, over[1] as Exchange, 'over the limit');
    expect(over[0]?.status).toBe(429);
  });
});
