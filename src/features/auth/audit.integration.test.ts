import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, account, passkey } from '@/server/db/schema/index';
import { auditLinkedProvider } from '@/features/account/rules.server';
import { setSignInAlerts } from '@/features/account/alerts.server';
import { passkeyRouteRules } from '@/features/passkey/rules.server';
import type { AuthHookContext } from '@/server/auth/hooks';
import { createTestAuth, type RequestOptions, type TestAuth } from '@/test/auth';

// Signing in and the ways in, in the audit log (issue 29 §7), through `auth.handler` as browsers call it.
let t: TestAuth;
let counter = 0;
const newAddress = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => {
  await t?.close();
});

const signedIn = (email: string, options?: RequestOptions) => t.signedIn(email, options);

const entries = (action: string, targetId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.createdAt);

describe('the audit log of signing in', () => {
  it('records each sign-in with its method and whether the browser was new, and each sign-out', async () => {
    const email = newAddress('signer');
    const first = await signedIn(email, { ip: '203.0.113.5' });
    await signedIn(email);
    await signedIn(email, { browser: 'second laptop' });
    const out = await t.request('POST', '/sign-out', {}, { cookie: first.cookie });
    expect(out.status, out.text).toBe(200);

    const signIns = await entries('account.sign-in', first.id);
    expect(signIns.map((entry) => entry.metadata)).toEqual([
      expect.objectContaining({ method: 'code', newBrowser: true, signUp: true }),
      expect.objectContaining({ method: 'code', newBrowser: false, signUp: false }),
      expect.objectContaining({ method: 'code', newBrowser: true, signUp: false }),
    ]);
    expect(signIns[0]).toMatchObject({ actorUserId: first.id, ip: '203.0.113.5' });
    expect(await entries('account.sign-out', first.id)).toEqual([
      expect.objectContaining({ actorUserId: first.id }),
    ]);
  });

  it('sums wrong codes per address and hour in one entry, for an address with or without an account', async () => {
    const known = await signedIn(newAddress('guessed'));
    const stranger = newAddress('nobody');
    for (const email of [known.email, stranger]) {
      expect((await t.sendCode(email)).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const wrong = await t.signIn(email, '000000');
        expect(wrong.body?.code).toMatch(/INVALID_OTP|TOO_MANY_ATTEMPTS/);
      }
    }
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.codes-refused'))
      .orderBy(desc(auditLog.createdAt));
    const about = (label: string) => refused.filter((entry) => entry.metadata?.label === label);
    expect(about(known.email)).toEqual([
      expect.objectContaining({
        targetId: known.id,
        actorUserId: null,
        metadata: expect.objectContaining({ count: 3 }),
      }),
    ]);
    expect(about(stranger)).toEqual([
      expect.objectContaining({ targetId: null, metadata: expect.objectContaining({ count: 3 }) }),
    ]);
  });

  it('records an owner renaming and removing a passkey, with its name', async () => {
    const owner = await signedIn(newAddress('keys'));
    await t.db.insert(passkey).values({
      id: `pk-${owner.id}`,
      userId: owner.id,
      name: 'Phone',
      publicKey: 'key',
      credentialID: `cred-${owner.id}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const renamed = await t.request(
      'POST',
      '/passkey/update-passkey',
      { id: `pk-${owner.id}`, name: 'Work phone' },
      { cookie: owner.cookie },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const removed = await t.request(
      'POST',
      '/passkey/delete-passkey',
      { id: `pk-${owner.id}` },
      { cookie: owner.cookie },
    );
    expect(removed.status, removed.text).toBe(200);
    expect((await entries('account.rename-passkey', owner.id)).map((e) => e.metadata?.passkey)).toEqual([
      'Work phone',
    ]);
    expect((await entries('account.remove-passkey', owner.id)).map((e) => e.metadata?.passkey)).toEqual([
      'Work phone',
    ]);
  });

  it('records a passkey added, by the name it was stored under', async () => {
    const owner = await signedIn(newAddress('new-key'));
    const after = passkeyRouteRules(t.db)['/passkey/verify-registration']?.after;
    const ctx = {
      headers: new Headers({ 'x-forwarded-for': '198.51.100.4' }),
      body: {},
      context: {
        session: { user: { id: owner.id, name: 'Kay', email: owner.email } },
        returned: { id: 'pk', name: 'iCloud Keychain' },
      },
    } as unknown as AuthHookContext;
    await after?.(ctx);
    expect(await entries('account.add-passkey', owner.id)).toEqual([
      expect.objectContaining({
        ip: '198.51.100.4',
        metadata: expect.objectContaining({ passkey: 'iCloud Keychain' }),
      }),
    ]);
  });

  it('records a provider linked to an account and one unlinked, but not a sign-up’s own', async () => {
    const owner = await signedIn(newAddress('linked'));
    await auditLinkedProvider({ userId: owner.id, providerId: 'github' }, { signUp: true, ip: null }, t.db);
    expect(await entries('account.link-provider', owner.id)).toEqual([]);
    await auditLinkedProvider({ userId: owner.id, providerId: 'github' }, { signUp: false, ip: null }, t.db);
    expect((await entries('account.link-provider', owner.id)).map((e) => e.metadata?.provider)).toEqual([
      'github',
    ]);

    await t.db.insert(account).values({
      id: `acc-${owner.id}`,
      accountId: 'gh-1',
      providerId: 'github',
      userId: owner.id,
    });
    const unlinked = await t.request(
      'POST',
      '/unlink-account',
      { accountId: `acc-${owner.id}` },
      { cookie: owner.cookie },
    );
    expect(unlinked.status, unlinked.text).toBe(200);
    expect((await entries('account.unlink-provider', owner.id)).map((e) => e.metadata?.provider)).toEqual([
      'github',
    ]);
  });

  it('records the sign-in alerts switched, with the new value', async () => {
    const owner = await signedIn(newAddress('alerts'));
    const who = { id: owner.id, name: owner.name, email: owner.email };
    expect(await setSignInAlerts(who, false, '192.0.2.9', t.db)).toBe(false);
    expect(await setSignInAlerts(who, true, null, t.db)).toBe(true);
    expect(
      (await entries('account.sign-in-alerts', owner.id)).map((e) => [e.metadata?.enabled, e.ip]),
    ).toEqual([
      [false, '192.0.2.9'],
      [true, null],
    ]);
  });
});
