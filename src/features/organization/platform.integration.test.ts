import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import type { Database } from '@/server/db/client';
import {
  auditLog,
  invitation,
  member,
  organization,
  repository,
  session,
  team,
  teamMember,
  user,
} from '@/server/db/schema/index';
import { createTestDatabase, queryRows, type TestDatabase } from '@/test/database';
import { deleteOrganization, findOrganizationOverview, listOrganizations } from './platform.server';
import { type OrganizationListView, organizationListDefaults } from './search';

let testDb: TestDatabase;
let db: Database;

const seeded = 130;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  // Names repeat (ties broken by id) and mix case; some slugs contain "ab" where the name does not; creation
  // times repeat exactly and differ by microseconds.
  await db.execute(sql`
    insert into ${organization} (id, name, slug, created_at)
    select
      'o' || lpad(i::text, 4, '0'),
      (array['Acme', 'zabel', 'Globex', 'CAB Works', 'Initech', 'Émile & co'])[1 + i % 6] || ' ' || (i % 17),
      'org-' || i || (case when i % 9 = 0 then '-lab' else '' end),
      timestamptz '2026-01-01 00:00:00+00' + (i / 3) * interval '1 second' + (i % 2) * interval '1 microsecond'
    from generate_series(1, ${seeded}) as i`);
  await db.insert(organization).values([
    { id: 'p1', name: '100% Organic', slug: 'percent' },
    { id: 'p2', name: '1000 Organic', slug: 'thousand' },
    { id: 'p3', name: 'snake_case', slug: 'snake' },
    { id: 'p4', name: 'snakeXcase', slug: 'snakex' },
  ]);
  await db
    .insert(user)
    .values(
      ['ada', 'bob', 'cy', 'dee'].map((id) => ({ id, name: id.toUpperCase(), email: `${id}@example.com` })),
    );
  // o0001: 3 members, 2 repositories; o0002: 1 member, no repository; p1: no member, 1 repository.
  await db.insert(member).values([
    { id: 'm1', organizationId: 'o0001', userId: 'ada', role: 'member' },
    { id: 'm2', organizationId: 'o0001', userId: 'bob', role: 'owner' },
    { id: 'm3', organizationId: 'o0001', userId: 'cy', role: 'admin' },
    { id: 'm4', organizationId: 'o0002', userId: 'ada', role: 'owner' },
  ]);
  await db.insert(repository).values([
    { organizationId: 'o0001', name: 'one', link: 'https://one.example' },
    { organizationId: 'o0001', name: 'two', link: 'https://two.example' },
    { organizationId: 'p1', name: 'three', link: 'https://three.example' },
  ]);
});
afterAll(() => testDb?.cleanup());

async function walk(view: OrganizationListView, limit = 20) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await listOrganizations({ ...view, cursor, limit }, db);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

/** The same view written as one plain query, independent of the data module's SQL. */
async function expectedIds(view: OrganizationListView): Promise<string[]> {
  const pattern = `%${view.searchTerm.replace(/[\\%_]/g, '\\$&')}%`;
  const where = view.searchTerm ? sql`name ilike ${pattern} or slug ilike ${pattern}` : sql`true`;
  const column = sql.raw(view.sort === 'name' ? 'name' : 'created_at');
  const direction = sql.raw(view.order);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from organization where ${where} order by ${column} ${direction}, id ${direction}`,
  );
  return rows.map((row) => row.id);
}

const views: Array<Partial<OrganizationListView>> = [
  {},
  { order: 'asc' },
  { sort: 'name', order: 'asc' },
  { sort: 'name', order: 'desc' },
  { searchTerm: 'ab' },
  { searchTerm: 'AB', sort: 'name', order: 'asc' },
  { searchTerm: 'lab', order: 'asc' },
];

describe('listOrganizations', () => {
  it.each(views)('walks every page of %o in the same order as a plain query', async (partial) => {
    const view = { ...organizationListDefaults, ...partial };
    const expected = await expectedIds(view);
    const pages = await walk(view);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected);
    const cap = view.searchTerm ? appConfig.pagination.searchTotalCap : appConfig.pagination.totalCap;
    for (const page of pages) {
      expect(page.total).toBe(Math.min(expected.length, cap));
      expect(page.totalCapped).toBe(expected.length > cap);
    }
    expect(pages.slice(0, -1).every((page) => page.items.length === 20)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it('covers enough rows for the walk to mean something, and caps a search total', async () => {
    expect((await expectedIds(organizationListDefaults)).length).toBeGreaterThan(100);
    // "ab" is in "zabel" and "CAB Works" (a third of the names) and in the "-lab" slugs.
    const ab = await expectedIds({ ...organizationListDefaults, searchTerm: 'ab' });
    expect(ab.length).toBeGreaterThan(appConfig.pagination.searchTotalCap / 2);
    const lab = await listOrganizations({ ...organizationListDefaults, searchTerm: 'LAB', limit: 50 }, db);
    // Only slugs say "lab": the search reads the slug too.
    expect(lab.items.length).toBeGreaterThan(10);
    expect(lab.items.every((item) => item.slug.endsWith('-lab'))).toBe(true);
  });

  it('counts each organization’s members and repositories, and dates it in ISO 8601', async () => {
    const page = await listOrganizations(
      { ...organizationListDefaults, sort: 'name', order: 'asc', limit: 100 },
      db,
    );
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(byId.get('o0001')).toMatchObject({ memberCount: 3, repositoryCount: 2 });
    expect(byId.get('o0002')).toMatchObject({ memberCount: 1, repositoryCount: 0 });
    expect(byId.get('p1')).toMatchObject({ name: '100% Organic', memberCount: 0, repositoryCount: 1 });
    expect(byId.get('o0001')?.createdAt).toMatch(/^2026-01-01T00:00:00(\.0+1)?(Z|\+00:00)$/);
  });

  it('searches name or slug case-insensitively, with % and _ matching only themselves', async () => {
    const ids = async (searchTerm: string) =>
      (await listOrganizations({ ...organizationListDefaults, searchTerm, limit: 100 }, db)).items
        .map((item) => item.id)
        .sort();
    expect(await ids('100%')).toEqual(['p1']);
    expect(await ids('%')).toEqual(['p1']);
    expect(await ids('snake_')).toEqual(['p3']);
    expect(await ids('SNAKE')).toEqual(['p3', 'p4']);
    expect(await ids('thousand')).toEqual(['p2']);
    expect(await ids('nobody here')).toEqual([]);
  });

  it('refuses a cursor it did not make, or one of another order', async () => {
    const byName = await listOrganizations({ ...organizationListDefaults, sort: 'name', limit: 5 }, db);
    await expect(
      listOrganizations({ ...organizationListDefaults, cursor: byName.nextCursor ?? '', limit: 5 }, db),
    ).rejects.toThrow('BAD_REQUEST:cursor');
    await expect(
      listOrganizations({ ...organizationListDefaults, cursor: 'nope', limit: 5 }, db),
    ).rejects.toThrow('BAD_REQUEST:cursor');
  });
});

describe('findOrganizationOverview', () => {
  beforeAll(async () => {
    await db.insert(team).values([
      { id: 't-ops', name: 'Operations', organizationId: 'o0001' },
      { id: 't-dev', name: 'Development', organizationId: 'o0001' },
      { id: 't-other', name: 'Elsewhere', organizationId: 'o0002' },
    ]);
    await db.insert(teamMember).values([
      { id: 'tm1', teamId: 't-ops', userId: 'ada' },
      { id: 'tm2', teamId: 't-ops', userId: 'bob' },
      { id: 'tm3', teamId: 't-dev', userId: 'cy' },
    ]);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await db.insert(invitation).values([
      {
        id: 'i-later',
        organizationId: 'o0001',
        email: 'later@example.com',
        role: 'admin',
        expiresAt: inDays(2),
        inviterId: 'bob',
      },
      {
        id: 'i-sooner',
        organizationId: 'o0001',
        email: 'sooner@example.com',
        role: 'member',
        expiresAt: inDays(1),
        inviterId: 'cy',
      },
      {
        id: 'i-accepted',
        organizationId: 'o0001',
        email: 'dee@example.com',
        status: 'accepted',
        expiresAt: inDays(1),
        inviterId: 'bob',
      },
      {
        id: 'i-elsewhere',
        organizationId: 'o0002',
        email: 'x@example.com',
        expiresAt: inDays(1),
        inviterId: 'ada',
      },
    ]);
  });

  it('shows members (owners first), pending invitations, teams with their sizes and the repository count', async () => {
    const found = await findOrganizationOverview('o0001', db);
    expect(found).toMatchObject({ id: 'o0001', slug: 'org-1', repositoryCount: 2 });
    expect(found?.members.map((m) => [m.userId, m.name, m.email, m.role])).toEqual([
      ['bob', 'BOB', 'bob@example.com', 'owner'],
      ['cy', 'CY', 'cy@example.com', 'admin'],
      ['ada', 'ADA', 'ada@example.com', 'member'],
    ]);
    expect(found?.invitations.map((i) => [i.email, i.role, i.inviterName])).toEqual([
      ['sooner@example.com', 'member', 'CY'],
      ['later@example.com', 'admin', 'BOB'],
    ]);
    expect(found?.teams).toEqual([
      { id: 't-dev', name: 'Development', memberCount: 1 },
      { id: 't-ops', name: 'Operations', memberCount: 2 },
    ]);
  });

  it('answers null for an unknown id', async () => {
    expect(await findOrganizationOverview('no-such-organization', db)).toBeNull();
  });
});

describe('deleteOrganization', () => {
  it('deletes it with its members, teams, invitations and repositories, audited in the same transaction', async () => {
    await db.insert(session).values([
      {
        id: 's-in-it',
        token: 'token-in-it',
        userId: 'bob',
        expiresAt: new Date(Date.now() + 86_400_000),
        activeOrganizationId: 'o0001',
        activeTeamId: 't-ops',
        updatedAt: new Date('2026-01-02T00:00:00Z'),
      },
      {
        id: 's-elsewhere',
        token: 'token-elsewhere',
        userId: 'ada',
        expiresAt: new Date(Date.now() + 86_400_000),
        activeOrganizationId: 'o0002',
      },
    ]);

    const deleted = await deleteOrganization('o0001', { userId: 'dee', ip: '10.0.0.9' }, db);

    expect(deleted).toEqual({ id: 'o0001', name: 'zabel 1' });
    const left = async (table: typeof member | typeof invitation | typeof team | typeof repository) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.organizationId, 'o0001'))).length;
    expect(await left(member)).toBe(0);
    expect(await left(invitation)).toBe(0);
    expect(await left(team)).toBe(0);
    expect(await left(repository)).toBe(0);
    const teamMembers = await db
      .select()
      .from(teamMember)
      .where(inArray(teamMember.teamId, ['t-ops', 't-dev']));
    expect(teamMembers).toEqual([]);
    expect(await findOrganizationOverview('o0001', db)).toBeNull();
    // Everything else stays: the people, another organization and what is in it.
    expect(await db.select({ id: user.id }).from(user)).toHaveLength(4);
    expect(await findOrganizationOverview('o0002', db)).toMatchObject({
      members: [{ userId: 'ada' }],
      teams: [{ id: 't-other' }],
      invitations: [{ id: 'i-elsewhere' }],
    });
    expect(await db.select({ id: repository.id }).from(repository)).toHaveLength(1);

    // Sessions working in it lose it (not their last activity); others keep theirs.
    const sessions = await db.select().from(session);
    expect(sessions.find((s) => s.id === 's-in-it')).toMatchObject({
      activeOrganizationId: null,
      activeTeamId: null,
      updatedAt: new Date('2026-01-02T00:00:00Z'),
    });
    expect(sessions.find((s) => s.id === 's-elsewhere')?.activeOrganizationId).toBe('o0002');

    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'organization.delete'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: 'dee',
      targetType: 'organization',
      targetId: 'o0001',
      organizationId: 'o0001',
      ip: '10.0.0.9',
      metadata: { label: 'zabel 1' },
    });
  });

  it('answers null for an unknown id and writes nothing', async () => {
    const before = await db.select({ id: auditLog.id }).from(auditLog);
    expect(await deleteOrganization('no-such-organization', { userId: 'dee', ip: null }, db)).toBeNull();
    expect(await db.select({ id: auditLog.id }).from(auditLog)).toHaveLength(before.length);
    expect(await db.select({ id: organization.id }).from(organization)).toHaveLength(seeded + 4 - 1);
  });
});
