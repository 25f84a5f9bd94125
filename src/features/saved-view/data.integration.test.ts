import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import type { Database } from '@/server/db/client';
import { savedView, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { deleteSavedView, insertSavedView, listSavedViewsOf, renameSavedView } from './data.server';
import { savedViewLists } from './lists';
import { zSaveViewInput } from './schema';

let testDb: TestDatabase;
let db: Database;
let counter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
});
afterAll(() => testDb?.cleanup());

async function newUser(): Promise<string> {
  const id = `saved-view-user-${++counter}`;
  await db.insert(user).values({ id, name: `User ${counter}`, email: `${id}@example.test` });
  return id;
}

/** What the server function stores for this input: the schema's output. */
const values = (input: unknown) => zSaveViewInput.parse(input);
const banned = { list: 'users', name: 'Banned', search: { status: 'banned' } };

/** The error code (and field) a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => new Error('resolved'),
    (reason: unknown) => reason,
  );
  return error instanceof Error ? error.message : String(error);
}

describe('saved views', () => {
  it("lists an owner's views by name, never another owner's, and only of the lists asked for", async () => {
    const owner = await newUser();
    const other = await newUser();
    await insertSavedView(
      owner,
      values({ list: 'users', name: 'zeta admins', search: { role: 'admin' } }),
      db,
    );
    await insertSavedView(owner, values(banned), db);
    await insertSavedView(
      owner,
      values({ list: 'repositories', name: 'Alpha', search: { searchTerm: 'a' } }),
      db,
    );
    await insertSavedView(other, values({ list: 'users', name: 'Mine', search: { role: 'user' } }), db);

    const all = await listSavedViewsOf(owner, savedViewLists, db);
    expect(all.map((view) => [view.list, view.name, view.search])).toEqual([
      ['repositories', 'Alpha', { searchTerm: 'a' }],
      ['users', 'Banned', { status: 'banned' }],
      ['users', 'zeta admins', { role: 'admin' }],
    ]);
    expect((await listSavedViewsOf(owner, ['repositories'], db)).map((view) => view.name)).toEqual(['Alpha']);
    expect(await listSavedViewsOf(owner, [], db)).toEqual([]);
  });

  it('refuses a name the owner already uses for that list, in any case, and changes nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    await insertSavedView(owner, values(banned), db);

    expect(await refusal(insertSavedView(owner, values({ ...banned, name: ' BANNED ' }), db))).toBe(
      'CONFLICT:name',
    );
    // Another list, or another owner, may use the name.
    await insertSavedView(owner, values({ ...banned, list: 'repositories' }), db);
    await insertSavedView(other, values(banned), db);
    const names = (await listSavedViewsOf(owner, ['users'], db)).map((view) => view.name);
    expect(names).toEqual(['Banned']);
  });

  it('renames and deletes only the owner’s own views; another id is not found', async () => {
    const owner = await newUser();
    const other = await newUser();
    const view = await insertSavedView(owner, values(banned), db);
    const second = await insertSavedView(owner, values({ ...banned, name: 'Second' }), db);

    expect(await renameSavedView(other, view.id, 'Stolen', db)).toBeNull();
    expect(await deleteSavedView(other, view.id, db)).toBeNull();
    expect(await renameSavedView(owner, 'not-a-uuid', 'x', db)).toBeNull();
    expect(await deleteSavedView(owner, '00000000-0000-4000-8000-000000000000', db)).toBeNull();

    expect(await refusal(renameSavedView(owner, second.id, 'banned', db))).toBe('CONFLICT:name');
    expect(await renameSavedView(owner, view.id, 'Banned users', db)).toMatchObject({
      id: view.id,
      name: 'Banned users',
      search: { status: 'banned' },
    });
    expect(await deleteSavedView(owner, second.id, db)).toEqual({ id: second.id });
    expect((await listSavedViewsOf(owner, savedViewLists, db)).map((v) => v.name)).toEqual(['Banned users']);
  });

  it(`keeps at most ${appConfig.limits.savedViewsPerUser} views per owner, also between concurrent saves`, async () => {
    const owner = await newUser();
    const cap = appConfig.limits.savedViewsPerUser;
    // All but the last one in one statement; the last place is what the concurrent saves compete for.
    await db.insert(savedView).values(
      Array.from({ length: cap - 1 }, (_, i) => ({
        userId: owner,
        list: 'users',
        name: `View ${i + 1}`,
        search: { status: 'banned' },
      })),
    );
    const attempts = await Promise.allSettled(
      ['Last A', 'Last B', 'Last C'].map((name) => insertSavedView(owner, values({ ...banned, name }), db)),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(refused.map((attempt) => (attempt.reason as Error).message)).toEqual([
      'SAVED_VIEW_LIMIT',
      'SAVED_VIEW_LIMIT',
    ]);
    expect(await listSavedViewsOf(owner, savedViewLists, db)).toHaveLength(cap);
    // Another owner is not counted against it.
    await insertSavedView(await newUser(), values(banned), db);
  });

  it('stores the view as the list reads it: bad values, unknown params, cursors and defaults left out', async () => {
    const owner = await newUser();
    const stored = await insertSavedView(
      owner,
      values({
        list: 'users',
        name: '  Admins\u0000 by name ',
        search: { role: 'admin', status: 'superuser', sort: 'name', order: 'desc', cursor: 'abc', page: 3 },
      }),
      db,
    );
    expect(stored).toMatchObject({ name: 'Admins by name', search: { role: 'admin', sort: 'name' } });
    const [row] = await db
      .select({ search: savedView.search })
      .from(savedView)
      .where(eq(savedView.id, stored.id));
    expect(row?.search).toEqual({ role: 'admin', sort: 'name' });
  });

  it('goes with its owner', async () => {
    const owner = await newUser();
    await insertSavedView(owner, values(banned), db);
    await db.delete(user).where(eq(user.id, owner));
    expect(await db.select().from(savedView).where(eq(savedView.userId, owner))).toEqual([]);
  });
});
