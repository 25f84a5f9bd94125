import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { type CaughtMail, codeFromMail } from '@/test/smtp-catcher';
import { session, user } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { createTestAuth, type TestAuth } from '@/test/auth';

// A demo server through `auth.handler`, as the browser reaches it: what writes is refused with DEMO_MODE
// and leaves the database as it was; signing in with the fixed code, the session and signing out work.
let t: TestAuth;
let demo: TestAuth;
const code = appConfig.auth.demoCode;
const { userEmail, adminEmail } = appConfig.seed;

beforeAll(async () => {
  t = await createTestAuth();
  await seedDatabase(t.db);
  demo = t.derive({ demo: true });
});

afterAll(async () => {
  await t?.close();
});

async function demoSignIn(email: string) {
  const sent = await demo.sendCode(email);
  expect(sent.status, sent.text).toBe(200);
  const signedIn = await demo.signIn(email, code);
  expect(signedIn.status, signedIn.text).toBe(200);
  const row = (await t.db.select().from(user).where(eq(user.email, email)))[0];
  if (!signedIn.cookie || !row) throw new Error(`${email} not signed in`);
  return { cookie: signedIn.cookie, id: row.id };
}

/** Every user and session row, in a stable order: what a refused call must leave untouched. */
async function snapshot() {
  return {
    users: await t.db.select().from(user).orderBy(asc(user.id)),
    sessions: await t.db.select().from(session).orderBy(asc(session.id)),
  };
}

describe('demo mode on the auth routes', () => {
  it('refuses every write with DEMO_MODE and changes nothing in the database', async () => {
    const member = await demoSignIn(userEmail);
    // A second session, so revoking "other" sessions would have something to remove.
    await demoSignIn(userEmail);
    const admin = await demoSignIn(adminEmail);
    const before = await snapshot();

    const attempts: [string, unknown, string][] = [
      ['/update-user', { name: 'Renamed in demo' }, member.cookie],
      ['/delete-user', {}, member.cookie],
      ['/email-otp/request-email-change', { newEmail: 'elsewhere@example.test' }, member.cookie],
      ['/revoke-sessions', {}, member.cookie],
      ['/revoke-other-sessions', {}, member.cookie],
      ['/admin/ban-user', { userId: member.id, banReason: 'demo' }, admin.cookie],
      ['/admin/set-role', { userId: member.id, role: 'admin' }, admin.cookie],
      ['/admin/remove-user', { userId: member.id }, admin.cookie],
    ];
    for (const [path, body, cookie] of attempts) {
      const response = await demo.request('POST', path, body, { cookie });
      expect(response.status, `${path}: ${response.text}`).toBe(403);
      expect(response.body, path).toMatchObject({ code: 'DEMO_MODE' });
    }
    // Routes the product never serves are not found in a demo either.
    const deleteLink = await demo.request('GET', '/delete-user/callback?token=x', undefined, {
      cookie: member.cookie,
    });
    expect(deleteLink.status).toBe(404);

    expect(await snapshot()).toEqual(before);
  });

  it('update-user passes outside demo mode, so the refusal above is demo mode’s', async () => {
    const regular = t.derive({});
    const sent = await regular.sendCode('outside-demo@example.test');
    expect(sent.status).toBe(200);
    const mail = regular.mailsTo('outside-demo@example.test').at(-1) as CaughtMail;
    const signedIn = await regular.signIn('outside-demo@example.test', codeFromMail(mail));
    expect(signedIn.status, signedIn.text).toBe(200);
    const renamed = await regular.request(
      'POST',
      '/update-user',
      { name: 'Renamed' },
      {
        cookie: signedIn.cookie as string,
      },
    );
    expect(renamed.status, renamed.text).toBe(200);
  });

  it('still sends a code, signs in with the fixed code, looks up the session and signs out', async () => {
    const sent = await demo.sendCode(userEmail);
    expect(sent.status).toBe(200);
    expect(demo.mailsTo(userEmail)).toHaveLength(0);
    const signedIn = await demo.signIn(userEmail, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = signedIn.cookie as string;

    const current = await demo.getSession(cookie);
    expect(current.status).toBe(200);
    expect(current.body?.user).toMatchObject({ email: userEmail });

    const signedOut = await demo.request('POST', '/sign-out', {}, { cookie });
    expect(signedOut.status, signedOut.text).toBe(200);
    expect((await demo.getSession(cookie)).body).toBeNull();
  });

  it('does not lock a shared demo account after a few sign-ins (no mail, no per-address limit)', async () => {
    const strict = t.derive({ demo: true, limits: { perAddress: { window: 3600, max: 2 } } });
    for (let i = 0; i < 3; i += 1) {
      const sent = await strict.sendCode(adminEmail);
      expect(sent.status, sent.text).toBe(200);
    }
    expect((await strict.signIn(adminEmail, code)).status).toBe(200);
  });

  it('lets an admin read the user list', async () => {
    const admin = await demoSignIn(adminEmail);
    const listed = await demo.request('GET', '/admin/list-users?limit=5', undefined, {
      cookie: admin.cookie,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body?.users).toHaveLength(5);
  });
});
