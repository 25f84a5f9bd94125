import { count, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import type { Database } from '@/server/db/client';
import { session, user } from '@/server/db/schema/index';
import { createTestDatabase, queryRows, type TestDatabase } from '@/test/database';
import { findUserById, listUsers } from './data.server';
import { type UserListView, userListDefaults } from './search';

let testDb: TestDatabase;
let db: Database;

const seeded = 540;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  // Names repeat (ties broken by id), mix case and sometimes contain "ab"; timestamps repeat exactly and
  // differ by microseconds; roles include lists; bans are permanent, ongoing or already over.
  await db.execute(sql`
    insert into ${user} (id, name, email, email_verified, role, banned, ban_expires, onboarded_at, created_at, updated_at)
    select
      'u' || lpad(i::text, 4, '0'),
      (array['Abby', 'zabel', 'Mia', 'Noah', 'CAB Driver', 'Lea', 'Émile', 'tom'])[1 + i % 8] || ' ' || (i % 37),
      'person' || i || (case when i % 11 = 0 then '.ab' else '' end) || '@example.com',
      i % 2 = 0,
      (array['user', 'admin', null, 'user,admin'])[1 + i % 4],
      i % 5 = 0,
      case when i % 5 <> 0 then null
           when i % 3 = 0 then null
           when i % 3 = 1 then now() - interval '1 day'
           else now() + interval '3 days' end,
      case when i % 7 = 0 then null else now() end,
      timestamptz '2026-01-01 00:00:00+00' + (i / 4) * interval '1 second' + (i % 2) * interval '1 microsecond',
      now()
    from generate_series(1, ${seeded}) as i`);
  await db.insert(user).values([
    { id: 'p1', name: '100% sure', email: 'percent@example.org', onboardedAt: new Date() },
    { id: 'p2', name: '1000 sure', email: 'thousand@example.org', onboardedAt: new Date() },
    { id: 'p3', name: 'snake_case', email: 'snake@example.org', onboardedAt: new Date() },
    { id: 'p4', name: 'snakeXcase', email: 'x@example.org', onboardedAt: new Date() },
  ]);
});
afterAll(() => testDb?.cleanup());

async function walk(view: UserListView, limit = 20) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await listUsers({ ...view, cursor, limit }, db);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

const orderColumn = { created: 'created_at', name: 'name', email: 'email' } as const;

/** The same view written as one plain query, independent of the data module's SQL. */
async function expectedIds(view: UserListView): Promise<string[]> {
  const where = [sql`true`];
  if (view.searchTerm) {
    const pattern = `%${view.searchTerm.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(sql`(name ilike ${pattern} or email ilike ${pattern})`);
  }
  if (view.role) where.push(sql`${view.role} = any(string_to_array(coalesce(role, 'user'), ','))`);
  const banned = sql`(banned is true and (ban_expires is null or ban_expires > now()))`;
  if (view.status === 'banned') where.push(banned);
  if (view.status === 'active') where.push(sql`not ${banned} and onboarded_at is not null`);
  if (view.status === 'notOnboarded') where.push(sql`not ${banned} and onboarded_at is null`);
  const column = sql.raw(orderColumn[view.sort]);
  const direction = sql.raw(view.order);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from "user" where ${sql.join(where, sql` and `)} order by ${column} ${direction}, id ${direction}`,
  );
  return rows.map((row) => row.id);
}

const views: Array<Partial<UserListView>> = [
  {},
  { order: 'asc' },
  { searchTerm: 'ab' },
  { searchTerm: 'AB', sort: 'name', order: 'desc' },
  { role: 'admin' },
  { status: 'banned' },
  { status: 'banned', sort: 'email', order: 'asc' },
  { status: 'active', role: 'user', sort: 'created', order: 'asc' },
  { status: 'notOnboarded', sort: 'name', order: 'asc' },
  { searchTerm: 'ab', role: 'admin', status: 'banned', sort: 'name', order: 'desc' },
  { sort: 'email', order: 'desc' },
];

describe('listUsers', () => {
  it.each(views)('walks every page of %o in the same order as a plain query', async (partial) => {
    const view = { ...userListDefaults, ...partial };
    const expected = await expectedIds(view);
    const pages = await walk(view);
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(ids).toEqual(expected);
    const { totalCap, searchTotalCap } = appConfig.pagination;
    const cap = view.searchTerm ? searchTotalCap : totalCap;
    const total = { total: Math.min(expected.length, cap), totalCapped: expected.length > cap };
    expect(pages.every((page) => page.total === total.total && page.totalCapped === total.totalCapped)).toBe(
      true,
    );
    expect(pages.slice(0, -1).every((page) => page.items.length === 20)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  // With 4 rows a page, a search first looks among the first 250 rows of the list (50 pages of 5), then
  // among every match: newest first, "person1" matches only older users (u0001, u0010–u0019, u0100–u0199).
  it.each<Partial<UserListView>>([
    { searchTerm: 'person1' },
    { searchTerm: 'person1', order: 'asc' },
    { searchTerm: 'person1', sort: 'name', order: 'desc' },
    { searchTerm: 'abby' },
    { searchTerm: 'mia', status: 'banned' },
    { searchTerm: 'nobody' },
  ])('walks every page of %o past the first rows a search looks among', async (partial) => {
    const view = { ...userListDefaults, ...partial };
    const expected = await expectedIds(view);
    const pages = await walk(view, 4);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(expected);
    expect(pages.slice(0, -1).every((page) => page.items.length === 4)).toBe(true);
  });

  it('covers enough rows for the walk to mean something', async () => {
    expect((await expectedIds(userListDefaults)).length).toBeGreaterThan(500);
    expect((await expectedIds({ ...userListDefaults, status: 'banned' })).length).toBeGreaterThan(40);
    expect((await expectedIds({ ...userListDefaults, searchTerm: 'ab' })).length).toBeGreaterThan(100);
  });

  it('counts a ban only until it ends, and shows its end', async () => {
    const items = (await walk({ ...userListDefaults, status: 'banned' }, 100)).flatMap((p) => p.items);
    // i % 5 = 0 and i % 3 = 1 (e.g. u0010) ended yesterday; i % 3 = 2 (u0005) ends in three days.
    expect(items.map((item) => item.id)).not.toContain('u0010');
    expect(items.find((item) => item.id === 'u0005')?.banExpires).toBeTruthy();
    expect(items.find((item) => item.id === 'u0015')?.banExpires).toBeNull();
    const ended = (await listUsers({ ...userListDefaults, searchTerm: 'person10@', limit: 5 }, db)).items;
    expect(ended.map((item) => [item.id, item.status, item.banExpires])).toEqual([['u0010', 'active', null]]);
  });

  it('caps the total of the whole list, and of a search at the search cap', async () => {
    const cap = appConfig.pagination.totalCap;
    const [present] = await db.select({ n: count() }).from(user);
    // With the users already there, exactly one more than the cap exist; "crowd" alone matches fewer.
    const crowdSize = cap + 1 - (present?.n ?? 0);
    await db.execute(sql`
      insert into ${user} (id, name, email, email_verified, created_at, updated_at)
      select 'c' || i, 'Crowd ' || i, 'crowd' || i || '@example.net', true, now(), now()
      from generate_series(1, ${crowdSize}) as i`);
    try {
      expect(await listUsers({ ...userListDefaults, limit: 20 }, db)).toMatchObject({
        total: cap,
        totalCapped: true,
      });
      // A search counts no further than its own, smaller cap.
      const crowd = await listUsers({ ...userListDefaults, searchTerm: 'CROWD', limit: 20 }, db);
      expect(crowd).toMatchObject({ total: appConfig.pagination.searchTotalCap, totalCapped: true });
      const few = await listUsers({ ...userListDefaults, searchTerm: 'crowd9@', limit: 20 }, db);
      expect(few).toMatchObject({ total: 1, totalCapped: false });
    } finally {
      await db.delete(user).where(like(user.email, 'crowd%@example.net'));
    }
  });

  it('searches name or e-mail case-insensitively, with % and _ matching only themselves', async () => {
    const ids = async (searchTerm: string) =>
      (await listUsers({ ...userListDefaults, searchTerm, limit: 100 }, db)).items.map((i) => i.id).sort();
    expect(await ids('100%')).toEqual(['p1']);
    expect(await ids('snake_')).toEqual(['p3']);
    expect(await ids('SNAKE')).toEqual(['p3', 'p4']);
    expect(await ids('THOUSAND@')).toEqual(['p2']);
    expect(await ids('%')).toEqual(['p1']);
    expect(await ids('nobody here')).toEqual([]);
  });

  it('refuses a cursor it did not make, or one of another order', async () => {
    const byName = await listUsers({ ...userListDefaults, sort: 'name', limit: 5 }, db);
    await expect(
      listUsers({ ...userListDefaults, sort: 'created', cursor: byName.nextCursor ?? '', limit: 5 }, db),
    ).rejects.toThrow('BAD_REQUEST:cursor');
    await expect(listUsers({ ...userListDefaults, cursor: 'nope', limit: 5 }, db)).rejects.toThrow(
      'BAD_REQUEST:cursor',
    );
  });
});

describe('findUserById', () => {
  it('returns the profile, status and newest own sign-in; null for an unknown id', async () => {
    await db.insert(session).values([
      { id: 's1', token: 't1', userId: 'u0005', expiresAt: new Date(Date.now() + 86_400_000) },
      {
        id: 's2',
        token: 't2',
        userId: 'u0005',
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date('2030-01-01T00:00:00Z'),
        impersonatedBy: 'u0001',
      },
      {
        id: 's3',
        token: 't3',
        userId: 'u0005',
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
    ]);
    const found = await findUserById('u0005', db);
    expect(found).toMatchObject({ id: 'u0005', status: 'banned', role: 'admin', emailVerified: false });
    expect(found && Object.keys(found)).not.toContain('token');
    // The impersonation session of 2030 is not the user's own sign-in.
    expect(new Date(found?.lastSignInAt ?? 0).getTime()).toBeLessThan(new Date('2030-01-01').getTime());
    expect(found?.lastSignInAt).not.toBeNull();
    expect((await findUserById('u0002', db))?.lastSignInAt).toBeNull();
    expect(await findUserById('missing', db)).toBeNull();
  });
});
