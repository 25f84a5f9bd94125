import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';

// The text an admin types into better-auth's admin routes (names, addresses, ban reasons, ids), through
// `auth.handler` as the manager screens send it: limited, cleaned before it is stored, and an id no row
// can have is "not found", never a server error.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

async function signedInAdmin() {
  const email = newAddress('admin');
  const { id } = await t.signedIn(email);
  await t.db.update(user).set({ role: 'admin', name: 'Admin' }).where(eq(user.id, id));
  return t.signedIn(email);
}

const admin = (cookie: string, path: string, body: unknown) =>
  t.request('POST', `/admin/${path}`, body, { cookie });
const findUser = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];

describe('names an admin sets', () => {
  it('are stored without direction controls or invisible characters', async () => {
    const me = await signedInAdmin();
    const created = await admin(me.cookie, 'create-user', {
      email: newAddress('made'),
      name: '\u202EMade\u200B Here\u2069',
    });
    expect(created.status, created.text).toBe(200);
    const id = String((created.body?.user as { id: string }).id);
    expect((await findUser(id))?.name).toBe('Made Here');

    const renamed = await admin(me.cookie, 'update-user', {
      userId: id,
      data: { name: 'Re\u200Bnamed\u2066' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await findUser(id))?.name).toBe('Renamed');
  });

  it('are refused when made only of invisible characters or too long', async () => {
    const me = await signedInAdmin();
    for (const name of ['\u200B\u202E\uFEFF', 'n'.repeat(appConfig.limits.userNameMax + 1)]) {
      const refused = await admin(me.cookie, 'create-user', { email: newAddress('bad'), name });
      expect([refused.status, refused.body?.code]).toEqual([400, 'INVALID_NAME']);
    }
  });
});

describe('addresses and passwords on create-user', () => {
  it('refuses an address longer than the limit, which better-auth alone would store', async () => {
    const me = await signedInAdmin();
    const email = `${'a'.repeat(appConfig.limits.emailMax)}@example.test`;
    const refused = await admin(me.cookie, 'create-user', { email, name: 'Long' });
    expect([refused.status, refused.body?.code]).toEqual([400, 'INVALID_EMAIL']);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('stores the address trimmed and lower-cased, as sign-in will look it up', async () => {
    const me = await signedInAdmin();
    const address = newAddress('case');
    const created = await admin(me.cookie, 'create-user', {
      email: `  ${address.toUpperCase()} `,
      name: 'Case',
    });
    expect(created.status, created.text).toBe(200);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, address))).toHaveLength(1);
  });

  it('refuses a password: password sign-in is off', async () => {
    const me = await signedInAdmin();
    const email = newAddress('pw');
    const refused = await admin(me.cookie, 'create-user', {
      email,
      name: 'Pw',
      password: 'p'.repeat(100_000),
    });
    expect([refused.status, refused.body?.code]).toEqual([400, 'PASSWORDS_DISABLED']);
  });
});

describe('ban reasons', () => {
  it('are stored without controls and limited once cleaned', async () => {
    const me = await signedInAdmin();
    const target = await t.signedIn(newAddress('target'));
    const max = appConfig.limits.banReasonMax;
    const tooLong = await admin(me.cookie, 'ban-user', { userId: target.id, banReason: 'r'.repeat(max + 1) });
    expect([tooLong.status, tooLong.body?.code]).toEqual([400, 'BAN_REASON_TOO_LONG']);

    // Padding is not counted; a NUL (which Postgres refuses) is removed.
    const banned = await admin(me.cookie, 'ban-user', {
      userId: target.id,
      banReason: `  ${'r'.repeat(max - 2)}\u0000\r\nx  `,
    });
    expect(banned.status, banned.text).toBe(200);
    expect((await findUser(target.id))?.banReason).toBe(`${'r'.repeat(max - 2)}\nx`);
  });
});

describe('ids no row can have', () => {
  it('are not found, rather than a database error', async () => {
    const me = await signedInAdmin();
    for (const [path, body, code] of [
      ['ban-user', { userId: 'abc\u0000' }, 'USER_NOT_FOUND'],
      ['update-user', { userId: 'abc\u0000', data: { name: 'X' } }, 'USER_NOT_FOUND'],
      ['remove-user', { userId: 'u'.repeat(10_000) }, 'USER_NOT_FOUND'],
      ['revoke-user-session', { sessionId: 'abc\u0000' }, 'SESSION_NOT_FOUND'],
      ['revoke-user-session', { sessionToken: 'abc\u0000' }, 'SESSION_NOT_FOUND'],
    ] as const) {
      const refused = await admin(me.cookie, path, body);
      expect([refused.status, refused.body?.code], path).toEqual([404, code]);
    }
  });
});
