import { asc, desc, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import type { Database } from '@/server/db/client';
import { organization, repository } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { findRepositoryById, listRepositories } from './data.server';
import { zRepositoryListQuery } from './schema';
import type { RepositorySort } from './search';

let testDb: TestDatabase;
let db: Database;

// 45 rows: groups share one timestamp exactly, and rows 1 µs apart share a millisecond, so the keyset
// must break ties by id and keep microseconds.
const total = 45;
const ORG = 'org-a';
const OTHER_ORG = 'org-b';
const SCOPE = { organizationId: ORG };

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await db.insert(organization).values([
    { id: ORG, name: 'Org', slug: 'org' },
    { id: OTHER_ORG, name: 'Other', slug: 'other' },
  ]);
  await db.execute(sql`
    insert into ${repository} (organization_id, name, link, description, created_at, updated_at)
    select ${ORG}, 'repo-' || lpad(i::text, 2, '0'), 'https://example.com/' || i, repeat('x', 300),
           timestamptz '2026-01-01 00:00:00+00' + (i / 5) * interval '1 second' + (i % 3) * interval '1 microsecond',
           now()
    from generate_series(1, ${total}) as i`);
  await db.insert(repository).values([
    { organizationId: ORG, name: 'Alpha_Beta', link: 'https://a.example', description: null },
    { organizationId: ORG, name: 'alphaXbeta', link: 'https://b.example', description: 'short' },
    { organizationId: ORG, name: '50% off', link: 'https://c.example' },
    { organizationId: ORG, name: '500 off', link: 'https://d.example' },
  ]);
});
afterAll(() => testDb?.cleanup());

async function walk(
  searchTerm: string,
  limit: number,
  order: { sort: RepositorySort; order: 'asc' | 'desc' } = { sort: 'created', order: 'desc' },
) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await listRepositories(SCOPE, { searchTerm, cursor, limit, ...order }, db);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('listRepositories', () => {
  it('pages through every row once, newest first, with the total on each page', async () => {
    const pages = await walk('repo-', 20);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.total)).toEqual([total, total, total]);
    expect(pages.every((p) => !p.totalCapped)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const names = pages.flatMap((p) => p.items.map((i) => i.name));
    expect(new Set(names).size).toBe(total);

    const expected = await db
      .select({ name: repository.name })
      .from(repository)
      .where(like(repository.name, 'repo-%'))
      .orderBy(desc(repository.createdAt), desc(repository.id));
    expect(names).toEqual(expected.map((r) => r.name));
  });

  it('sorts by name either way and by creation oldest first, page boundaries included', async () => {
    const numbers = Array.from({ length: total }, (_, i) => `repo-${String(i + 1).padStart(2, '0')}`);
    const names = async (sort: RepositorySort, order: 'asc' | 'desc') => {
      const pages = await walk('repo-', 20, { sort, order });
      expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
      return pages.flatMap((p) => p.items.map((i) => i.name));
    };
    expect(await names('name', 'asc')).toEqual(numbers);
    expect(await names('name', 'desc')).toEqual(numbers.toReversed());

    const oldestFirst = await db
      .select({ name: repository.name })
      .from(repository)
      .where(like(repository.name, 'repo-%'))
      .orderBy(asc(repository.createdAt), asc(repository.id));
    expect(await names('created', 'asc')).toEqual(oldestFirst.map((r) => r.name));
  });

  it('pages through long non-Latin names, with cursors the endpoint accepts', async () => {
    // The longest names stored (100 UTF-16 units), 2 to 4 bytes each in UTF-8: the longest cursors.
    const long = ['ü', 'ع', '\u{1F600}'].map((c) => c.repeat(100 / c.length - 1));
    const stored = long.flatMap((stem) => ['a', 'b'].map((end) => `${stem}${end}`));
    await db
      .insert(repository)
      .values(stored.map((name) => ({ organizationId: ORG, name, link: 'https://long.example' })));
    try {
      for (const stem of long) {
        const pages = await walk(stem, 1, { sort: 'name', order: 'desc' });
        expect(pages.map((p) => p.items.map((i) => i.name))).toEqual([[`${stem}b`], [`${stem}a`]]);
        const cursor = pages[0]?.nextCursor ?? '';
        expect(zRepositoryListQuery.safeParse({ searchTerm: stem, cursor }).success).toBe(true);
      }
    } finally {
      await db.delete(repository).where(like(repository.link, 'https://long.example'));
    }
  });

  it('sorts the results of a search, and gives each item its creation time', async () => {
    const page = await listRepositories(
      SCOPE,
      { searchTerm: 'alpha', sort: 'name', order: 'desc', limit: 1 },
      db,
    );
    expect(page.items.map((i) => i.name)).toEqual(['alphaXbeta']);
    expect(page.total).toBe(2);
    const next = await listRepositories(
      SCOPE,
      { searchTerm: 'alpha', sort: 'name', order: 'desc', limit: 1, cursor: page.nextCursor ?? '' },
      db,
    );
    expect(next.items.map((i) => i.name)).toEqual(['Alpha_Beta']);
    expect(next.nextCursor).toBeNull();
    expect(new Date(next.items[0]?.createdAt ?? '').getTime()).not.toBeNaN();
  });

  it('cuts descriptions to an excerpt', async () => {
    const [first] = (await listRepositories(SCOPE, { searchTerm: 'repo-01', limit: 1 }, db)).items;
    expect(first?.descriptionExcerpt).toHaveLength(160);
  });

  it('searches names case-insensitively, with % and _ matching only themselves', async () => {
    const names = async (term: string) =>
      (await listRepositories(SCOPE, { searchTerm: term, limit: 50 }, db)).items.map((i) => i.name).sort();
    expect(await names('ALPHA')).toEqual(['Alpha_Beta', 'alphaXbeta']);
    expect(await names('_')).toEqual(['Alpha_Beta']);
    expect(await names('50%')).toEqual(['50% off']);
    expect(await names('nothing like it')).toEqual([]);
    expect((await listRepositories(SCOPE, { searchTerm: '%', limit: 50 }, db)).total).toBe(1);
  });

  it('counts no further than the cap: the list to totalCap, a search to searchTotalCap, then says so', async () => {
    const { totalCap, searchTotalCap } = appConfig.pagination;
    await db.execute(sql`
      insert into ${repository} (organization_id, name, link)
      select ${ORG}, 'many-' || lpad(i::text, 5, '0'), 'https://many.example/' || i
      from generate_series(1, ${totalCap + 1}) as i`);
    try {
      const unfiltered = await listRepositories(SCOPE, { searchTerm: '', limit: 20 }, db);
      expect(unfiltered).toMatchObject({ total: totalCap, totalCapped: true });
      const search = await listRepositories(SCOPE, { searchTerm: 'many-', limit: 20 }, db);
      expect(search).toMatchObject({ total: searchTotalCap, totalCapped: true });
      expect(search.items).toHaveLength(20);
      // many-00100 … many-00199: exactly the search cap, so the count is exact.
      const atCap = await listRepositories(SCOPE, { searchTerm: 'many-001', limit: 20 }, db);
      expect(atCap).toMatchObject({ total: searchTotalCap, totalCapped: false });
      const under = await listRepositories(SCOPE, { searchTerm: 'many-000', limit: 20 }, db);
      expect(under).toMatchObject({ total: 99, totalCapped: false });
    } finally {
      await db.delete(repository).where(like(repository.name, 'many-%'));
    }
  });

  it('refuses a cursor it did not make, or one made for another order', async () => {
    await expect(
      listRepositories(SCOPE, { searchTerm: '', cursor: 'not-a-cursor', limit: 20 }, db),
    ).rejects.toThrow('BAD_REQUEST:cursor');
    const forged = Buffer.from(JSON.stringify(["1'); drop table repository; --", 'x'])).toString('base64url');
    await expect(listRepositories(SCOPE, { searchTerm: '', cursor: forged, limit: 20 }, db)).rejects.toThrow(
      'BAD_REQUEST:cursor',
    );
    // A name where a time belongs: a 400, never a database error.
    const byName = (await listRepositories(SCOPE, { searchTerm: 'repo-', sort: 'name', limit: 1 }, db))
      .nextCursor;
    await expect(
      listRepositories(SCOPE, { searchTerm: '', sort: 'created', cursor: byName ?? '', limit: 20 }, db),
    ).rejects.toThrow('BAD_REQUEST:cursor');
  });
});

describe('listRepositories: a search past the first rows it looks among', () => {
  // With 2 rows a page, a search's page is first looked for among the scope's first 150 rows in list order
  // (50 pages of 3), its count among any 1,010 rows of it (10 times the cap and one), and else among every
  // match. 6,000 rows more in the organization, newest first by number: "top-…" (1–300), then "deep-…",
  // and every 12th of the oldest 300 (physically last, and last by name) "zz-needle-…"; 300 in the other
  // organization named "elsewhere-…".
  const limit = 2;
  beforeAll(async () => {
    await db.execute(sql`
      insert into ${repository} (organization_id, name, link, created_at)
      select case when i > 6000 then ${OTHER_ORG} else ${ORG} end,
             case when i > 6000 then 'elsewhere-' || i when i <= 300 then 'top-' || i
                  when i > 5700 and i % 12 = 0 then 'zz-needle-' || i else 'deep-' || i end,
             'https://past.example/' || i,
             timestamptz '2026-06-01 00:00:00+00' - (i / 3) * interval '1 second'
      from generate_series(1, 6300) as i`);
  });
  afterAll(async () => {
    await db.delete(repository).where(like(repository.link, 'https://past.example/%'));
  });

  /** The same search written as one plain query over the organization. */
  async function expectedNames(term: string, sort: RepositorySort, order: 'asc' | 'desc') {
    const direction = order === 'asc' ? asc : desc;
    const rows = await db
      .select({ name: repository.name })
      .from(repository)
      .where(sql`${repository.organizationId} = ${ORG} and ${repository.name} ilike ${`%${term}%`}`)
      .orderBy(direction(sort === 'name' ? repository.name : repository.createdAt), direction(repository.id));
    return rows.map((row) => row.name);
  }

  it.each([
    ['top-1', 'created', 'desc'],
    ['needle', 'created', 'desc'],
    ['needle', 'created', 'asc'],
    ['needle', 'name', 'desc'],
    ['deep-12', 'created', 'desc'],
    ['elsewhere', 'created', 'desc'],
    ['nowhere', 'name', 'asc'],
  ] as const)(
    'finds every page of "%s" (%s %s) and the total a plain query finds',
    async (term, sort, order) => {
      const expected = await expectedNames(term, sort, order);
      const pages = await walk(term, limit, { sort, order });
      expect(pages.flatMap((page) => page.items.map((item) => item.name))).toEqual(expected);
      expect(pages.slice(0, -1).every((page) => page.items.length === limit)).toBe(true);
      const { searchTotalCap } = appConfig.pagination;
      const total = {
        total: Math.min(expected.length, searchTotalCap),
        totalCapped: expected.length > searchTotalCap,
      };
      expect(
        pages.every((page) => page.total === total.total && page.totalCapped === total.totalCapped),
      ).toBe(true);
    },
  );

  it('has the matches where the cases need them', async () => {
    expect(await expectedNames('top-1', 'created', 'desc')).toHaveLength(111);
    expect(await expectedNames('needle', 'created', 'desc')).toHaveLength(25);
    expect(await expectedNames('deep-12', 'created', 'desc')).toHaveLength(100);
    expect(await expectedNames('elsewhere', 'created', 'desc')).toEqual([]);
  });
});

describe('findRepositoryById', () => {
  it('finds a repository with its dates as ISO strings', async () => {
    const [listed] = (await listRepositories(SCOPE, { searchTerm: '50% off', limit: 1 }, db)).items;
    const found = await findRepositoryById(SCOPE, listed?.id ?? '', db);
    expect(found).toMatchObject({ name: '50% off', link: 'https://c.example', description: null });
    expect(new Date(found?.createdAt ?? '').toISOString()).toBe(found?.createdAt);
  });

  it('returns null for an unknown id and for an id that is not a UUID', async () => {
    expect(await findRepositoryById(SCOPE, '00000000-0000-4000-8000-000000000000', db)).toBeNull();
    expect(await findRepositoryById(SCOPE, '../../etc/passwd', db)).toBeNull();
  });
});

describe('organization scope', () => {
  it("lists and finds only the scope's organization's repositories; the platform scope lists all", async () => {
    await db
      .insert(repository)
      .values({ organizationId: OTHER_ORG, name: 'repo-elsewhere', link: 'https://x.example' });
    try {
      const [theirs] = await db.select().from(repository).where(like(repository.name, 'repo-elsewhere'));
      const ours = await listRepositories(SCOPE, { searchTerm: 'repo-', limit: 50 }, db);
      expect(ours.total).toBe(total);
      expect(ours.items.every((item) => item.organization.id === ORG)).toBe(true);
      expect(await findRepositoryById(SCOPE, theirs?.id ?? '', db)).toBeNull();

      const all = await listRepositories({ platform: true }, { searchTerm: 'repo-', limit: 50 }, db);
      expect(all.total).toBe(total + 1);
      const one = await listRepositories(
        { platform: true, organizationId: OTHER_ORG },
        { searchTerm: '', limit: 50 },
        db,
      );
      expect(one.items.map((item) => [item.name, item.organization.name])).toEqual([
        ['repo-elsewhere', 'Other'],
      ]);
      expect(await findRepositoryById({ platform: true }, theirs?.id ?? '', db)).toMatchObject({
        name: 'repo-elsewhere',
        organization: { id: OTHER_ORG, name: 'Other' },
      });
    } finally {
      await db.delete(repository).where(like(repository.name, 'repo-elsewhere'));
    }
  });
});
