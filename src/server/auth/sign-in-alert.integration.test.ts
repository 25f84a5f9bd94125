import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { type CaughtMail, codeFromMail, mimePart, subjectOf } from '@/test/smtp-catcher';
import { seedDatabase } from '@/server/db/seed/seed';
import { user } from '@/server/db/schema/index';
import { createTestAuth, type RequestOptions, type TestAuth } from '@/test/auth';

// The "new sign-in" notice through `auth.handler`, as browsers reach it: a browser that never signed in to
// the account is mailed about, one that did is not, nor a sign-up, a switched-off setting, a demo or an
// admin signed in as the user.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
/** How long a notice that is going out takes at most to reach the catcher. */
const SETTLE_MS = 1_500;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

const notices = (email: string) => t.signInNoticesTo(email);

/** Signs `email` in with a code in `browser`; the session cookie and the user's id. */
async function signInWithCode(instance: TestAuth, email: string, options: RequestOptions) {
  const sent = await instance.sendCode(email, options);
  expect(sent.status, sent.text).toBe(200);
  const code = instance === t ? codeFromMail(t.mailsTo(email).at(-1) as CaughtMail) : appConfig.auth.demoCode;
  const response = await instance.signIn(email, code, options);
  expect(response.status, response.text).toBe(200);
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  if (!response.cookie || !row) throw new Error('not signed in');
  return { cookie: response.cookie, id: row.id };
}

async function waitForNotices(email: string, count: number): Promise<CaughtMail[]> {
  const until = Date.now() + 5_000;
  while (notices(email).length < count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return notices(email);
}

/** Waits as long as a notice would take to be queued and the queue to send it, then the notices `email` has. */
async function noticesAfterSettling(email: string): Promise<CaughtMail[]> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await t.mailsSettled();
  return notices(email);
}

describe('the new sign-in notice', () => {
  it('is mailed when a second browser signs in, with when, the browser and system and the address', async () => {
    const email = newAddress('second');
    await signInWithCode(t, email, { browser: 'laptop' });
    expect(await noticesAfterSettling(email), 'a sign-up is no new sign-in').toHaveLength(0);

    await signInWithCode(t, email, {
      browser: 'phone',
      ip: '203.0.113.7',
      headers: { 'user-agent': WINDOWS_CHROME },
    });
    const [notice, ...more] = await waitForNotices(email, 1);
    expect(more).toHaveLength(0);
    expect(subjectOf(notice as CaughtMail)).toBe(`New sign-in to your ${appConfig.name} account`);
    const text = mimePart(notice as CaughtMail, 'text/plain');
    expect(text).toContain('Chrome 120 on Windows 10');
    expect(text).toContain('203.0.113.7');
    expect(text).toContain('(UTC)');
    expect(text).toContain(`${new Date().getUTCFullYear()}`);
    expect(text).toContain('http://localhost:3000/app/account');
  });

  it('is not mailed when a browser that signed in before signs in again', async () => {
    const email = newAddress('again');
    await signInWithCode(t, email, { browser: 'laptop' });
    await signInWithCode(t, email, { browser: 'phone' });
    expect(await waitForNotices(email, 1)).toHaveLength(1);

    await signInWithCode(t, email, { browser: 'phone' });
    await signInWithCode(t, email, { browser: 'laptop' });
    expect(await noticesAfterSettling(email)).toHaveLength(1);
  });

  it('is not mailed when the user turned it off', async () => {
    const email = newAddress('off');
    const { id } = await signInWithCode(t, email, { browser: 'laptop' });
    await t.db.update(user).set({ signInAlerts: false }).where(eq(user.id, id));

    await signInWithCode(t, email, { browser: 'phone' });
    expect(await noticesAfterSettling(email)).toHaveLength(0);

    // The same step with the setting back on is mailed: the silence above is the setting's.
    await t.db.update(user).set({ signInAlerts: true }).where(eq(user.id, id));
    await signInWithCode(t, email, { browser: 'tablet' });
    expect(await waitForNotices(email, 1)).toHaveLength(1);
  });

  it('is not mailed for an admin signed in as the user', async () => {
    const adminEmail = newAddress('admin');
    const first = await signInWithCode(t, adminEmail, { browser: 'admin-desk' });
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, first.id));
    const admin = await signInWithCode(t, adminEmail, { browser: 'admin-desk' });
    const targetEmail = newAddress('target');
    const target = await signInWithCode(t, targetEmail, { browser: 'target-laptop' });

    const started = await t.request(
      'POST',
      '/admin/impersonate-user',
      { userId: target.id },
      { cookie: admin.cookie, browser: 'admin-desk' },
    );
    expect(started.status, started.text).toBe(200);
    expect(await noticesAfterSettling(targetEmail)).toHaveLength(0);
  });
});

describe('the new sign-in notice in a read-only demo', () => {
  it('is never mailed', async () => {
    const demo = t.derive({ demo: true });
    await seedDatabase(t.db);
    const { userEmail } = appConfig.seed;
    await signInWithCode(demo, userEmail, { browser: 'demo-visitor-1' });
    await signInWithCode(demo, userEmail, { browser: 'demo-visitor-2' });
    expect(await noticesAfterSettling(userEmail)).toHaveLength(0);
  });
});
