import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf } from '@/lib/errors';
import { postgresQuotaStore, type QuotaStore } from '@/server/auth/quota-store';
import type { Database } from '@/server/db/client';
import { account, auditLog, member, organization, passkey, session, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { recordAudit } from '@/features/audit/record.server';
import { EXPORT_LIMIT, type ExportCaller, exportAccountData } from './export.server';

// "Download my data" against a real database: what the file holds of its user, what it never holds
// (another user's rows, tokens, secrets, other visitors' addresses in the demo), the hourly limit and
// the audit entry each export writes.
let testDb: TestDatabase;
let db: Database;
let quotaStore: QuotaStore;
let counter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  quotaStore = postgresQuotaStore(db);
  await db.insert(user).values({ id: ADMIN, name: 'Ada Admin', email: 'ada@example.test', role: 'admin' });
});
afterAll(() => testDb?.cleanup());

const DAY = 24 * 3600 * 1000;
/** The administrator who opens a session as each user and changes some of them. */
const ADMIN = 'the-admin';
const SECRET_VALUES = ['access-secret', 'refresh-secret', 'id-token-secret', 'hashed-password'];

/**
 * A user with a session (this device), an older session an administrator opened as them, a linked
 * provider account and a password account (both with secrets), and a membership in an organization.
 */
async function seedUser(label: string, options: { role?: string } = {}) {
  const n = ++counter;
  const id = `${label}-${n}`;
  const email = `${id}@example.test`;
  await db.insert(user).values({
    id,
    name: `${label} ${n}`,
    email,
    emailVerified: true,
    role: options.role ?? 'user',
    onboardedAt: new Date('2026-01-02T03:04:05Z'),
  });
  const now = Date.now();
  await db.insert(session).values([
    {
      id: `${id}-session`,
      token: `${id}-session-token`,
      userId: id,
      expiresAt: new Date(now + DAY),
      ipAddress: `10.0.${n}.1`,
      userAgent: `${id}-browser`,
      signInMethod: 'passkey',
    },
    {
      id: `${id}-admin-session`,
      token: `${id}-admin-session-token`,
      userId: id,
      expiresAt: new Date(now + DAY),
      createdAt: new Date(now - 60_000),
      ipAddress: `10.9.${n}.9`,
      userAgent: `${id}-admin-browser`,
      impersonatedBy: ADMIN,
    },
  ]);
  await db.insert(passkey).values({
    id: `${id}-passkey`,
    name: 'Laptop',
    userId: id,
    publicKey: `${id}-public-key`,
    credentialID: `${id}-credential`,
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
  });
  await db.insert(account).values([
    {
      id: `${id}-oidc`,
      accountId: `${id}-subject`,
      providerId: 'oidc',
      userId: id,
      accessToken: `${id}-access-secret`,
      refreshToken: `${id}-refresh-secret`,
      idToken: `${id}-id-token-secret`,
      scope: 'openid email',
    },
    {
      id: `${id}-credential`,
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: `${id}-hashed-password`,
    },
  ]);
  await db.insert(organization).values({ id: `${id}-org`, name: `${label} Org ${n}`, slug: `${id}-org` });
  await db
    .insert(member)
    .values({ id: `${id}-member`, organizationId: `${id}-org`, userId: id, role: 'owner' });
  const caller: ExportCaller = {
    user: { id, name: `${label} ${n}`, email },
    session: { id: `${id}-session`, impersonatedBy: null },
    ip: `10.0.${n}.1`,
    demo: false,
  };
  return { id, email, n, caller };
}

const exportFor = (caller: ExportCaller) => exportAccountData(caller, { quotaStore, db });
const exportsOf = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'account.export'), eq(auditLog.targetId, id)));

/** Every key of `value`, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe('exportAccountData', () => {
  it("holds the user's profile, sessions, sign-in methods, organizations and audit entries", async () => {
    const alice = await seedUser('alice');
    await recordAudit(
      {
        actorUserId: alice.id,
        action: 'repository.create',
        target: { type: 'repository', id: 'repo-1', label: 'vite' },
        ip: '10.0.0.42',
      },
      db,
    );
    await recordAudit(
      {
        actorUserId: ADMIN,
        action: 'user.set-role',
        target: { type: 'user', id: alice.id, label: 'Alice' },
        metadata: { from: 'user', to: 'admin' },
        ip: '192.0.2.77',
      },
      db,
    );

    const data = await exportFor(alice.caller);

    expect(data.profile).toEqual({
      id: alice.id,
      name: alice.caller.user.name,
      email: alice.email,
      emailVerified: true,
      role: 'user',
      createdAt: expect.any(String),
      onboardedAt: '2026-01-02T03:04:05.000Z',
      image: null,
    });
    // Newest first: this device, then the administrator's, which shows neither their device nor address.
    expect(data.sessions).toEqual([
      {
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        expiresAt: expect.any(String),
        ipAddress: `10.0.${alice.n}.1`,
        userAgent: `${alice.id}-browser`,
        impersonated: false,
        signInMethod: 'passkey',
      },
      {
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        expiresAt: expect.any(String),
        ipAddress: null,
        userAgent: null,
        impersonated: true,
        signInMethod: null,
      },
    ]);
    // Passkeys by name and dates; never the public key or the credential id.
    expect(data.signInMethods.passkeys).toEqual([
      { name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null, backedUp: true },
    ]);
    expect(JSON.stringify(data)).not.toContain(`${alice.id}-public-key`);
    expect(JSON.stringify(data)).not.toContain(`${alice.id}-credential`);
    expect(data.signInMethods.email).toBe(alice.email);
    expect(data.signInMethods.accounts.map((a) => [a.providerId, a.accountId]).sort()).toEqual([
      ['credential', alice.id],
      ['oidc', `${alice.id}-subject`],
    ]);
    expect(data.organizations).toEqual([
      {
        id: `${alice.id}-org`,
        name: `alice Org ${alice.n}`,
        slug: `${alice.id}-org`,
        role: 'owner',
        joinedAt: expect.any(String),
      },
    ]);
    // Their own change with their address; an administrator's change to them without the admin's address.
    expect(data.auditEntries).toHaveLength(2);
    expect(data.auditEntries).toContainEqual({
      action: 'repository.create',
      byYou: true,
      targetType: 'repository',
      targetId: 'repo-1',
      targetLabel: 'vite',
      metadata: {},
      createdAt: expect.any(String),
      ip: '10.0.0.42',
    });
    expect(data.auditEntries).toContainEqual({
      action: 'user.set-role',
      byYou: false,
      targetType: 'user',
      targetId: alice.id,
      targetLabel: 'Alice',
      metadata: { from: 'user', to: 'admin' },
      createdAt: expect.any(String),
      ip: null,
    });
    expect(JSON.stringify(data)).not.toContain('192.0.2.77');
    expect(JSON.stringify(data)).not.toContain(ADMIN);
  });

  it('holds nothing of another user, and no token, password or provider secret', async () => {
    const alice = await seedUser('alice');
    const bob = await seedUser('bob');
    // Bob's own activity, and an administrator's change to Bob: Alice is in neither.
    await recordAudit(
      { actorUserId: bob.id, action: 'organization.create', target: { type: 'organization', id: 'o' } },
      db,
    );
    await recordAudit(
      { actorUserId: ADMIN, action: 'user.ban', target: { type: 'user', id: bob.id, label: bob.email } },
      db,
    );

    const data = await exportFor(alice.caller);
    const text = JSON.stringify(data);

    for (const trace of [bob.id, bob.email, `10.0.${bob.n}.1`, `10.9.${bob.n}.9`, 'organization.create']) {
      expect(text, trace).not.toContain(trace);
    }
    expect(data.auditEntries.map((e) => e.action)).not.toContain('user.ban');
    // No secret under any name, nor any secret's value (Alice's own included), nor a session token or id.
    expect(keysOf(data).filter((key) => /token|password|secret|scope/i.test(key))).toEqual([]);
    for (const secret of SECRET_VALUES) expect(text, secret).not.toContain(secret);
    expect(text).not.toContain(`${alice.id}-session`);
    expect(text).not.toContain(ADMIN);
    // The export holds Alice's own data all the same (the test would pass on an empty file otherwise).
    expect(data.profile.email).toBe(alice.email);
    expect(data.sessions).toHaveLength(2);
    expect(data.signInMethods.accounts).toHaveLength(2);
  });

  it('is audited as `account.export` with the caller and address', async () => {
    const alice = await seedUser('alice');
    await exportFor(alice.caller);
    const entries = await exportsOf(alice.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: alice.id,
      targetType: 'user',
      targetId: alice.id,
      ip: alice.caller.ip,
      metadata: { label: alice.caller.user.name },
    });
    // The next export lists the previous one among the user's own entries.
    const next = await exportFor(alice.caller);
    expect(next.auditEntries.filter((e) => e.action === 'account.export')).toHaveLength(1);
  });

  it("is recorded as the administrator's during an impersonation", async () => {
    const alice = await seedUser('alice');
    await exportFor({ ...alice.caller, session: { id: `${alice.id}-admin-session`, impersonatedBy: ADMIN } });
    const [entry] = await exportsOf(alice.id);
    expect(entry).toMatchObject({
      actorUserId: ADMIN,
      metadata: { actingAs: alice.id, actingAsLabel: alice.caller.user.name },
    });
  });

  it('refuses the sixth export in an hour with the seconds to wait, without an audit entry; others go on', async () => {
    const alice = await seedUser('alice');
    const bob = await seedUser('bob');
    for (let i = 0; i < EXPORT_LIMIT.max; i++) await exportFor(alice.caller);
    expect(EXPORT_LIMIT).toEqual({ window: 3600, max: 5 });

    const refusal = await exportFor(alice.caller).then(
      () => undefined,
      (error: unknown) => error,
    );
    const { code, field } = errorCodeOf(refusal);
    expect(code).toBe('TOO_MANY_REQUESTS');
    expect(Number(field)).toBeGreaterThan(3500);
    expect(Number(field)).toBeLessThanOrEqual(3600);
    expect(await exportsOf(alice.id)).toHaveLength(5);

    // Another user has a limit of their own.
    await expect(exportFor(bob.caller)).resolves.toMatchObject({ profile: { id: bob.id } });
  });

  it("in the demo, shows only the caller's own addresses and counts the limit per address", async () => {
    const shared = await seedUser('demo');
    // Another visitor's session and export, signed in to the same account.
    await db.insert(session).values({
      id: `${shared.id}-visitor`,
      token: `${shared.id}-visitor-token`,
      userId: shared.id,
      expiresAt: new Date(Date.now() + DAY),
      ipAddress: '203.0.113.5',
      userAgent: 'visitor-browser',
    });
    await recordAudit(
      {
        actorUserId: shared.id,
        action: 'account.export',
        target: { type: 'user', id: shared.id },
        ip: '203.0.113.5',
      },
      db,
    );
    const caller = { ...shared.caller, demo: true };

    const data = await exportFor(caller);
    expect(JSON.stringify(data)).not.toContain('203.0.113.5');
    expect(data.sessions.map((s) => s.ipAddress)).toEqual([null, `10.0.${shared.n}.1`, null]);
    expect(data.auditEntries).toEqual([expect.objectContaining({ action: 'account.export', ip: null })]);

    for (let i = 1; i < EXPORT_LIMIT.max; i++) await exportFor(caller);
    await expect(exportFor(caller)).rejects.toThrow(/^TOO_MANY_REQUESTS:\d+$/);
    // A visitor from another address is not held back by the first one's exports.
    await expect(exportFor({ ...caller, ip: '198.51.100.1' })).resolves.toBeDefined();
  });
});
