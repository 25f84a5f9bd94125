import { and, count, countDistinct, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '../../../../app.config.ts';
import type { Database } from '../client.ts';
import { invitation, member, organization, repository, team, user } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { isDatabaseEmpty, seedDatabase } from './seed.ts';

const fixedEmails = [appConfig.seed.adminEmail, appConfig.seed.userEmail];

async function counts(db: Database) {
  const [users] = await db.select({ n: count() }).from(user);
  const [repositories] = await db.select({ n: count() }).from(repository);
  return { users: users?.n, repositories: repositories?.n };
}

describe('seedDatabase', () => {
  let testDb: TestDatabase;
  let db: Database;
  let firstRun: { users: number; repositories: number };
  let wasEmpty: boolean;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle.db;
    wasEmpty = await isDatabaseEmpty(db);
    firstRun = await seedDatabase(db);
  });
  afterAll(() => testDb?.cleanup());

  it('fills an empty database', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(firstRun.users).toBe(2 + appConfig.seed.generatedUsers);
    expect(firstRun.repositories).toBeGreaterThanOrEqual(30);
    expect(await counts(db)).toEqual(firstRun);
  });

  it('makes Acme (the admin owns it, the user is a member, the sample repositories, two teams) and Globex', async () => {
    const organizations = await db
      .select({ id: organization.id, name: organization.name })
      .from(organization);
    expect(organizations.map((o) => o.name).sort()).toEqual(['Acme', 'Globex']);
    const roleOf = async (email: string) => {
      const [row] = await db
        .select({ organizationId: member.organizationId, role: member.role })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(user.email, email));
      return row;
    };
    expect(await roleOf(appConfig.seed.adminEmail)).toEqual({ organizationId: 'acme', role: 'owner' });
    expect(await roleOf(appConfig.seed.userEmail)).toEqual({ organizationId: 'acme', role: 'member' });
    const perOrganization = async (table: typeof repository | typeof team | typeof member) => {
      const rows = await db
        .select({ organizationId: table.organizationId, n: count() })
        .from(table)
        .groupBy(table.organizationId);
      return Object.fromEntries(rows.map((row) => [row.organizationId, row.n]));
    };
    expect(await perOrganization(repository)).toEqual({ acme: 36, globex: 3 });
    expect(await perOrganization(team)).toEqual({ acme: 2, globex: 1 });
    expect(await perOrganization(member)).toEqual({ acme: 2, globex: 12 });
    const pending = await db.select().from(invitation).where(eq(invitation.status, 'pending'));
    expect(pending.map((row) => [row.organizationId, row.email])).toEqual([
      ['globex', 'new.colleague@example.com'],
    ]);
  });

  it('creates an onboarded admin and an onboarded user', async () => {
    const [admin] = await db.select().from(user).where(eq(user.email, 'admin@example.com'));
    expect(admin).toMatchObject({ role: 'admin', name: 'Admin', emailVerified: true });
    expect(admin?.onboardedAt).toBeInstanceOf(Date);

    const [member] = await db.select().from(user).where(eq(user.email, 'user@example.com'));
    expect(member).toMatchObject({ role: 'user', name: 'User', emailVerified: true });
    expect(member?.onboardedAt).toBeInstanceOf(Date);
  });

  it('creates 98 other users, none onboarded, all plain users', async () => {
    const others = await db
      .select({ role: user.role, onboardedAt: user.onboardedAt, name: user.name })
      .from(user)
      .where(notInArray(user.email, fixedEmails));
    expect(others).toHaveLength(98);
    expect(others.filter((u) => u.onboardedAt !== null)).toEqual([]);
    expect(new Set(others.map((u) => u.role))).toEqual(new Set(['user']));
    expect(others.every((u) => u.name.trim().length > 0)).toBe(true);
  });

  it('gives repositories names unique within their organization and http(s) links', async () => {
    const [names] = await db
      .select({
        all: count(),
        distinct: countDistinct(sql`(${repository.organizationId}, ${repository.name})`),
      })
      .from(repository);
    expect(names?.distinct).toBe(names?.all);

    const rows = await db.select({ link: repository.link }).from(repository);
    const bad = rows.filter(({ link }) => {
      try {
        return !['http:', 'https:'].includes(new URL(link).protocol);
      } catch {
        return true;
      }
    });
    expect(bad).toEqual([]);
  });

  it('shows long unbroken Latin text from the first start: an 80-character name, a 92-character address, a 130-character link', async () => {
    const users = await db.select({ name: user.name, email: user.email }).from(user);
    expect(users.some((u) => /^\S{80}$/.test(u.name) && u.email.length === 92)).toBe(true);
    const repositories = await db.select({ name: repository.name, link: repository.link }).from(repository);
    expect(repositories.some((r) => /^\S{80}$/.test(r.name) && r.link.length === 130)).toBe(true);
  });

  it('adds nothing and changes nothing when run again', async () => {
    const before = await counts(db);
    const [adminBefore] = await db.select().from(user).where(eq(user.email, appConfig.seed.adminEmail));

    expect(await seedDatabase(db)).toEqual({ users: 0, repositories: 0 });
    expect(await seedDatabase(db)).toEqual({ users: 0, repositories: 0 });

    expect(await counts(db)).toEqual(before);
    const [adminAfter] = await db.select().from(user).where(eq(user.email, appConfig.seed.adminEmail));
    expect(adminAfter).toEqual(adminBefore);
    const [onboarded] = await db
      .select({ n: count() })
      .from(user)
      .where(and(isNotNull(user.onboardedAt), notInArray(user.email, fixedEmails)));
    expect(onboarded?.n).toBe(0);
  });
});
