import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthLimits } from '@/server/auth/auth';
import { pruneExpiredVerifications } from '@/server/auth/verification-pruning';
import { auditLog, passkey, session, user, verification } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { findPasskeyOwnerBan, listPasskeysOf } from './data.server';
import { removeUserPasskey } from './mutations.server';

// The passkey routes' rules through `auth.handler` as a browser reaches them, and the data the screens
// read. The WebAuthn ceremonies themselves run in real Chromium (e2e/passkeys.spec.ts); here passkeys
// are stored rows, as the plugin stores them.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});

afterAll(async () => {
  await t?.close();
});

async function storedPasskey(userId: string, name: string | null = null) {
  const id = `pk-${++counter}`;
  await t.db.insert(passkey).values({
    id,
    name,
    userId,
    publicKey: 'cHVibGljLWtleQ',
    credentialID: `credential-${id}`,
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
  });
  return { id, credentialID: `credential-${id}` };
}

describe('the passkey routes', () => {
  it('rename: the name is trimmed and checked, and only the owner may rename', async () => {
    const owner = await t.signedIn(newAddress('pk-owner'));
    const other = await t.signedIn(newAddress('pk-other'));
    const { id } = await storedPasskey(owner.id);

    const blank = await t.request(
      'POST',
      '/passkey/update-passkey',
      { id, name: '   ' },
      { cookie: owner.cookie },
    );
    expect([blank.status, blank.body?.code]).toEqual([400, 'INVALID_PASSKEY_NAME']);
    const long = await t.request(
      'POST',
      '/passkey/update-passkey',
      { id, name: 'x'.repeat(61) },
      { cookie: owner.cookie },
    );
    expect([long.status, long.body?.code]).toEqual([400, 'INVALID_PASSKEY_NAME']);

    const theirs = await t.request(
      'POST',
      '/passkey/update-passkey',
      { id, name: 'Mine now' },
      { cookie: other.cookie },
    );
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    const renamed = await t.request(
      'POST',
      '/passkey/update-passkey',
      { id, name: '  Work laptop ' },
      { cookie: owner.cookie },
    );
    expect(renamed.status, renamed.text).toBe(200);
    expect((await listPasskeysOf(owner.id, t.db)).map((p) => p.name)).toEqual(['Work laptop']);
  });

  it('registration takes a response and a name only (never a second session)', async () => {
    const owner = await t.signedIn(newAddress('pk-register'));
    const answer = await t.request(
      'POST',
      '/passkey/verify-registration',
      { response: { id: 'x' }, createSession: true },
      { cookie: owner.cookie },
    );
    expect([answer.status, answer.body?.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('a browser signed in as one user cannot sign in with another account’s passkey', async () => {
    const owner = await t.signedIn(newAddress('pk-holder'));
    const other = await t.signedIn(newAddress('pk-intruder'));
    const { credentialID } = await storedPasskey(owner.id);
    const refused = await t.request(
      'POST',
      '/passkey/verify-authentication',
      { response: { id: credentialID } },
      { cookie: other.cookie },
    );
    expect([refused.status, refused.body?.code]).toEqual([403, 'PASSKEY_OF_ANOTHER_ACCOUNT']);
    // Its own key goes on to the ceremony's checks (here: no challenge was issued).
    const own = await t.request(
      'POST',
      '/passkey/verify-authentication',
      { response: { id: credentialID } },
      { cookie: owner.cookie },
    );
    expect(own.body?.code).toBe('CHALLENGE_NOT_FOUND');
  });

  it('the plugin’s own list is not served: its rows carry the public key and credential id', async () => {
    const owner = await t.signedIn(newAddress('pk-list'));
    const answer = await t.request('GET', '/passkey/list-user-passkeys', undefined, { cookie: owner.cookie });
    expect(answer.status).toBe(404);
  });

  it('a code sign-in stores how the session signed in', async () => {
    const owner = await t.signedIn(newAddress('pk-method'));
    const rows = await t.db
      .select({ method: session.signInMethod })
      .from(session)
      .where(eq(session.userId, owner.id));
    expect(rows.map((row) => row.method)).toEqual(['code']);
  });
});

describe('the anonymous sign-in challenge', () => {
  it('is limited per address, and the challenges nobody answered are pruned once expired', async () => {
    const ip = '198.51.100.77';
    const ask = () => t.request('GET', '/passkey/generate-authenticate-options', undefined, { ip });
    const { max } = defaultAuthLimits.passkeyOptions;
    for (let i = 0; i < max; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('x-retry-after'))).toBeGreaterThan(0);
    // Another address still gets one.
    const other = await t.request('GET', '/passkey/generate-authenticate-options', undefined, {
      ip: '198.51.100.78',
    });
    expect(other.status).toBe(200);

    const stored = (await t.db.select().from(verification)).length;
    expect(stored).toBeGreaterThanOrEqual(max + 1);
    const later = new Date(Date.now() + 24 * 3_600_000);
    expect(await pruneExpiredVerifications(t.db, new Date())).toBe(0);
    expect(await pruneExpiredVerifications(t.db, later)).toBe(stored);
    expect(await t.db.select().from(verification)).toEqual([]);
  });
});

describe('the passkey data', () => {
  it('lists names and dates, never key material, and only the user’s own', async () => {
    const a = await t.signedIn(newAddress('pk-a'));
    const b = await t.signedIn(newAddress('pk-b'));
    await storedPasskey(a.id, 'Phone');
    await storedPasskey(b.id, 'Other');
    const listed = await listPasskeysOf(a.id, t.db);
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0] as object).sort()).toEqual([
      'backedUp',
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
    ]);
    expect(listed[0]).toMatchObject({ name: 'Phone', backedUp: true, lastUsedAt: null });
  });

  it('an admin’s removal deletes only that user’s passkey and is audited', async () => {
    const target = await t.signedIn(newAddress('pk-target'));
    const bystander = await t.signedIn(newAddress('pk-bystander'));
    const { id } = await storedPasskey(target.id, 'Lost phone');
    const foreign = await storedPasskey(bystander.id, 'Keep me');

    // Another user's passkey id under this user: nothing happens.
    expect(
      await removeUserPasskey(
        { userId: target.id, passkeyId: foreign.id },
        { userId: 'admin', ip: null },
        [],
        t.db,
      ),
    ).toBe(false);
    expect(await listPasskeysOf(bystander.id, t.db)).toHaveLength(1);

    expect(
      await removeUserPasskey(
        { userId: target.id, passkeyId: id },
        { userId: bystander.id, ip: '10.0.0.9' },
        [],
        t.db,
      ),
    ).toBe(true);
    expect(await listPasskeysOf(target.id, t.db)).toEqual([]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.remove-passkey'), eq(auditLog.targetId, target.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: bystander.id,
      ip: '10.0.0.9',
      metadata: { passkey: 'Lost phone' },
    });
  });

  it('leaves an ADMIN_USER_IDS account’s passkeys to that account alone', async () => {
    const listed = await t.signedIn(newAddress('pk-listed'));
    const { id } = await storedPasskey(listed.id, 'Root key');
    await expect(
      removeUserPasskey(
        { userId: listed.id, passkeyId: id },
        { userId: 'admin', ip: null },
        [listed.id],
        t.db,
      ),
    ).rejects.toThrow('YOU_CANNOT_CHANGE_A_PROTECTED_ADMIN');
    expect(await listPasskeysOf(listed.id, t.db)).toHaveLength(1);
    // Their own removal goes through.
    expect(
      await removeUserPasskey(
        { userId: listed.id, passkeyId: id },
        { userId: listed.id, ip: null },
        [listed.id],
        t.db,
      ),
    ).toBe(true);
  });

  it('tells a banned owner from a free one, and a ban that has ended from one that holds', async () => {
    const owner = await t.signedIn(newAddress('pk-ban'));
    const { credentialID } = await storedPasskey(owner.id);
    expect(await findPasskeyOwnerBan(credentialID, t.db)).toBeUndefined();
    await t.db
      .update(user)
      .set({ banned: true, banExpires: new Date(Date.now() - 1000) })
      .where(eq(user.id, owner.id));
    expect(await findPasskeyOwnerBan(credentialID, t.db)).toBeUndefined();
    const until = new Date(Date.now() + 3_600_000);
    await t.db.update(user).set({ banExpires: until }).where(eq(user.id, owner.id));
    expect(await findPasskeyOwnerBan(credentialID, t.db)).toEqual({ banExpires: until });
  });
});
