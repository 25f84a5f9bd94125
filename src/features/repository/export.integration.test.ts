import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { member, organization, rateLimit, repository, user } from '@/server/db/schema/index';
import { readCsv } from '@/test/csv';
import { setRequestSession } from '@/test/request-session';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { readAllPages } from '@/test/keyset';
import { listRepositories, type RepositoryScope } from './data.server';
import { exportPlatformRepositoriesCsv, exportRepositoriesCsv } from './export.server';
import { type RepositoryListView, repositoryListDefaults } from './search';

// The route's session read is the request's (cookies); here the caller is set directly.
vi.mock('@/server/auth/session', () => import('@/test/request-session'));

let testDb: TestDatabase;
let db: Database;

const A = 'org-a';
const B = 'org-b';
const as = (id: string, role: string, activeOrganizationId: string | null) => {
  setRequestSession({ user: { id, role }, session: { activeOrganizationId } });
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await db.insert(user).values([
    { id: 'member-a', name: 'Ann', email: 'ann@example.test', emailVerified: true },
    { id: 'admin', name: 'Ada', email: 'ada@example.test', emailVerified: true, role: 'admin' },
  ]);
  await db.insert(organization).values([
    { id: A, name: 'Alpha', slug: 'alpha' },
    { id: B, name: 'Beta', slug: 'beta' },
  ]);
  await db.insert(member).values({ id: 'm1', organizationId: A, userId: 'member-a', role: 'member' });
  // 1,200 in A (more than one export batch), 300 in B; some names shared across both.
  await db.execute(sql`
    insert into ${repository} (organization_id, name, link, description, created_at, updated_at)
    select case when i <= 1200 then ${A} else ${B} end,
      'repo-' || (i % 1200),
      'https://example.com/' || i,
      case when i % 3 = 0 then null else 'Line one' || chr(10) || 'line "two", ' || i end,
      timestamptz '2026-01-01 00:00:00+00' + (i / 2) * interval '1 second',
      now()
    from generate_series(1, 1500) as i`);
  await db.insert(repository).values({
    organizationId: A,
    name: '@SUM(1+1)',
    link: 'https://example.com/formula',
    description: '=cmd|/c calc',
  });
});
afterAll(() => testDb?.cleanup());
// Each test starts under the exports' per-minute limit (csvExport counts in the test's database); the
// running-export slots stay, freed by their own streams.
beforeEach(() => db.delete(rateLimit).where(like(rateLimit.key, 'csv-export:%')));

async function listedIds(scope: RepositoryScope, view: RepositoryListView): Promise<string[]> {
  const repositories = await readAllPages((cursor) =>
    listRepositories(scope, { ...view, cursor, limit: 100 }, db),
  );
  return repositories.map((item) => item.id);
}

const url = (path: string, view: Record<string, string> = {}) =>
  new Request(`http://localhost/api/export/${path}?${new URLSearchParams(view).toString()}`);

describe('GET /api/export/repositories (the app area)', () => {
  it('refuses without a session, without an active organization, and outside it', async () => {
    setRequestSession(null);
    expect((await exportRepositoriesCsv(url('repositories'), db)).status).toBe(401);
    as('member-a', 'user', null);
    const none = await exportRepositoriesCsv(url('repositories'), db);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION' });
    // A session whose active organization the user does not (or no longer) belong to.
    as('member-a', 'user', B);
    expect(await (await exportRepositoriesCsv(url('repositories'), db)).json()).toMatchObject({
      code: 'NO_ACTIVE_ORGANIZATION',
    });
  });

  it('refuses a bad view with 400', async () => {
    as('member-a', 'user', A);
    const response = await exportRepositoriesCsv(url('repositories', { sort: 'link' }), db);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'sort' });
  });

  it.each([{}, { searchTerm: 'repo-11', sort: 'name', order: 'asc' }, { order: 'asc' }] as Array<
    Partial<RepositoryListView>
  >)(
    'exports only the active organization’s rows of the view %o, as its list shows them',
    async (partial) => {
      as('member-a', 'user', A);
      const view = { ...repositoryListDefaults, ...partial };
      const response = await exportRepositoriesCsv(
        url('repositories', partial as Record<string, string>),
        db,
      );
      expect(response.status).toBe(200);
      const { bom, records } = await readCsv(response);
      expect(bom).toBe(true);
      expect(records[0]).toEqual(['ID', 'Name', 'Link', 'Description', 'Organization', 'Created']);
      const expected = await listedIds({ organizationId: A }, view);
      expect(expected.length).toBeGreaterThan(10);
      expect(records.slice(1).map((record) => record[0])).toEqual(expected);
      expect(new Set(records.slice(1).map((record) => record[4]))).toEqual(new Set(['Alpha']));
    },
  );

  it('keeps line breaks and quotes in a cell and neutralises formulas', async () => {
    as('member-a', 'user', A);
    const { records } = await readCsv(await exportRepositoriesCsv(url('repositories'), db));
    expect(records.find((record) => record[1] === "'@SUM(1+1)")?.[3]).toBe("'=cmd|/c calc");
    expect(records.find((record) => record[2] === 'https://example.com/1')?.slice(3)).toEqual([
      'Line one\nline "two", 1',
      'Alpha',
      '2026-01-01T00:00:00.000Z',
    ]);
  });
});

describe('GET /api/export/platform-repositories (the manager area)', () => {
  it('refuses a user who may not read every organization’s repositories', async () => {
    as('member-a', 'user', A);
    const response = await exportPlatformRepositoriesCsv(url('platform-repositories'), db);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('exports every organization’s rows, or the chosen one’s', async () => {
    as('admin', 'admin', null);
    const all = await readCsv(await exportPlatformRepositoriesCsv(url('platform-repositories'), db));
    expect(all.records.slice(1).map((record) => record[0])).toEqual(
      await listedIds({ platform: true }, repositoryListDefaults),
    );
    expect(all.records).toHaveLength(1 + 1501);
    const onlyB = await readCsv(
      await exportPlatformRepositoriesCsv(url('platform-repositories', { organizationId: B }), db),
    );
    expect(onlyB.records).toHaveLength(1 + 300);
    expect(new Set(onlyB.records.slice(1).map((record) => record[4]))).toEqual(new Set(['Beta']));
  });
});
