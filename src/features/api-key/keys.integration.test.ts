import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { apikey, auditLog, member } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { listApiKeys } from './data.server';
import { createApiKey, revokeApiKey } from './mutations.server';
import { zApiKeyForm } from './schema';

// An organization's API keys through better-auth's API-key plugin on the suite's database: made by an
// owner with their scopes and expiry, stored hashed, listed without the key, verified by the plugin, and
// revoked only within the organization that holds them; each change audited.
let t: TestAuth;
let owner: { id: string; cookie: string };
let organizationId: string;
let otherOrganizationId: string;

async function newOrganization(cookie: string, slug: string): Promise<string> {
  const created = await t.request('POST', '/organization/create', { name: slug, slug }, { cookie });
  expect(created.status, created.text).toBe(200);
  return String(created.body?.id);
}

const values = (input: unknown) => zApiKeyForm.parse(input);
const actor = () => ({ userId: owner.id, ip: '10.9.9.9' });

beforeAll(async () => {
  t = await createTestAuth();
  owner = await t.signedIn('keys-owner@example.test');
  organizationId = await newOrganization(owner.cookie, 'keys-acme');
  const other = await t.signedIn('keys-other@example.test');
  otherOrganizationId = await newOrganization(other.cookie, 'keys-globex');
});

afterAll(() => t?.close());

describe('API keys', () => {
  it('are made with their scopes and expiry, shown once, stored hashed and listed without the key', async () => {
    const before = Date.now();
    const { key, item } = await createApiKey(
      t.auth,
      organizationId,
      values({
        name: '  CI deploys ',
        scopes: ['repositories:read', 'repositories:write'],
        expiresInDays: 30,
      }),
      actor(),
      t.db,
    );
    expect(key.startsWith(appConfig.apiKeys.prefix)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    expect(item).toMatchObject({
      name: 'CI deploys',
      start: key.slice(0, appConfig.apiKeys.visibleCharacters),
      scopes: ['repositories:read', 'repositories:write'],
      createdBy: { id: owner.id },
      lastUsedAt: null,
    });
    const expires = new Date(item.expiresAt ?? 0).getTime() - before;
    expect(expires).toBeGreaterThan(29.9 * 86_400_000);
    expect(expires).toBeLessThan(30.1 * 86_400_000);

    const [row] = await t.db.select().from(apikey).where(eq(apikey.id, item.id));
    expect(row?.referenceId).toBe(organizationId);
    expect(row?.key).not.toContain(key.slice(appConfig.apiKeys.visibleCharacters));
    expect(JSON.stringify(await listApiKeys(organizationId, t.db))).not.toContain(key);

    const verified = await t.auth.api.verifyApiKey({ body: { key } });
    expect(verified.valid).toBe(true);
    expect(verified.key?.referenceId).toBe(organizationId);
    const [listed] = (await listApiKeys(organizationId, t.db)).filter((k) => k.id === item.id);
    expect(listed?.lastUsedAt).not.toBeNull();

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-key.create'), eq(auditLog.targetId, item.id)));
    expect(entry).toMatchObject({ actorUserId: owner.id, organizationId, ip: '10.9.9.9' });
    expect(entry?.metadata).toMatchObject({
      scopes: 'repositories:read,repositories:write',
      expiresInDays: 30,
    });
  });

  it('refuses a member who is neither owner nor admin, whatever calls the plugin', async () => {
    const plain = await t.signedIn('keys-member@example.test');
    await t.db
      .insert(member)
      .values({ id: 'keys-plain-member', organizationId, userId: plain.id, role: 'member' });
    await expect(
      createApiKey(
        t.auth,
        organizationId,
        values({ name: 'Sneaky', scopes: ['repositories:write'], expiresInDays: null }),
        { userId: plain.id, ip: null },
        t.db,
      ),
    ).rejects.toThrow();
    expect((await listApiKeys(organizationId, t.db)).map((k) => k.name)).not.toContain('Sneaky');
  });

  it('are revoked only by the organization that holds them, and stop working at once', async () => {
    const { key, item } = await createApiKey(
      t.auth,
      organizationId,
      values({ name: 'Short-lived', scopes: ['repositories:read'], expiresInDays: null }),
      actor(),
      t.db,
    );
    expect(item.expiresAt).toBeNull();
    expect(await revokeApiKey(otherOrganizationId, item.id, actor(), t.db)).toBe(false);
    expect((await t.auth.api.verifyApiKey({ body: { key } })).valid).toBe(true);

    expect(await revokeApiKey(organizationId, item.id, actor(), t.db)).toBe(true);
    expect((await t.auth.api.verifyApiKey({ body: { key } })).valid).toBe(false);
    expect((await listApiKeys(organizationId, t.db)).map((k) => k.id)).not.toContain(item.id);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-key.revoke'), eq(auditLog.targetId, item.id)));
    expect(entries).toHaveLength(1);
    expect(await revokeApiKey(organizationId, item.id, actor(), t.db)).toBe(false);
  });

  it('are capped per organization', async () => {
    const existing = (await listApiKeys(organizationId, t.db)).length;
    for (let i = existing; i < appConfig.apiKeys.maxPerOrganization; i++) {
      await createApiKey(
        t.auth,
        organizationId,
        values({ name: `Key ${i}`, scopes: ['repositories:read'], expiresInDays: null }),
        actor(),
        t.db,
      );
    }
    await expect(
      createApiKey(
        t.auth,
        organizationId,
        values({ name: 'One too many', scopes: ['repositories:read'], expiresInDays: null }),
        actor(),
        t.db,
      ),
    ).rejects.toThrow('API_KEY_LIMIT');
  });

  it('take only the scopes and expiries offered', () => {
    expect(zApiKeyForm.safeParse({ name: 'x', scopes: ['users:read'], expiresInDays: null }).success).toBe(
      false,
    );
    expect(zApiKeyForm.safeParse({ name: 'x', scopes: [], expiresInDays: null }).success).toBe(false);
    expect(
      zApiKeyForm.safeParse({ name: 'x', scopes: ['repositories:read'], expiresInDays: 7 }).success,
    ).toBe(false);
    expect(
      zApiKeyForm.safeParse({ name: ' ', scopes: ['repositories:read'], expiresInDays: null }).error
        ?.issues[0]?.message,
    ).toBe('form.name.required');
  });
});
