import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organization, repository, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { createRepository, removeRepositories, resolveRepositorySelection } from './mutations.server';

// $bulkDeleteRepositories and $bulkDeletePlatformRepositories: the scope their middleware gives (the
// active organization's, or the platform's), then each row deleted as the single delete does.
let testDb: TestDatabase;
const A = 'org-a';
const B = 'org-b';
const actor = { userId: 'owner-a', ip: '198.51.100.4' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.handle;
  await db
    .insert(user)
    .values([{ id: 'owner-a', name: 'Olga', email: 'olga@example.test', emailVerified: true }]);
  await db.insert(organization).values([
    { id: A, name: 'A', slug: 'a' },
    { id: B, name: 'B', slug: 'b' },
  ]);
});
afterAll(async () => {
  await testDb?.cleanup();
});

const make = (organizationId: string, name: string) =>
  createRepository(
    organizationId,
    { name, link: 'https://x.example', description: null },
    actor,
    testDb.handle.db,
  );
const exists = async (id: string) =>
  (await testDb.handle.db.select().from(repository).where(eq(repository.id, id))).length === 1;

describe('a bulk delete in an organization', () => {
  it("deletes its own rows, audits each once, and answers NOT_FOUND without a name for another organization's", async () => {
    const { db } = testDb.handle;
    const one = await make(A, 'one');
    const two = await make(A, 'two');
    const theirs = await make(B, 'secret');
    await db.delete(auditLog);

    const rows = await removeRepositories(
      { organizationId: A },
      [one.id, theirs.id, 'not-a-uuid', two.id],
      actor,
      db,
    );
    expect(rows).toEqual([
      { id: one.id, name: 'one', outcome: 'done' },
      { id: theirs.id, name: '', outcome: 'skipped', reason: 'NOT_FOUND' },
      { id: 'not-a-uuid', name: '', outcome: 'skipped', reason: 'NOT_FOUND' },
      { id: two.id, name: 'two', outcome: 'done' },
    ]);
    expect(await exists(one.id)).toBe(false);
    expect(await exists(theirs.id)).toBe(true);
    const entries = await db.select().from(auditLog);
    expect(
      entries.map((entry) => [entry.action, entry.targetId, entry.actorUserId, entry.organizationId]).sort(),
    ).toEqual(
      [
        ['repository.delete', one.id, 'owner-a', A],
        ['repository.delete', two.id, 'owner-a', A],
      ].sort(),
    );
  });
});

describe('selecting every repository a view matches', () => {
  it('stays in the scope, follows the view, and refuses past the cap', async () => {
    const tag = `bulkview${Date.now()}`;
    const first = await make(A, `${tag}-1`);
    const second = await make(A, `${tag}-2`);
    await make(B, `${tag}-3`);
    const view = { searchTerm: tag, sort: 'name' as const, order: 'desc' as const };
    expect(
      await resolveRepositorySelection({ organizationId: A }, { view }, { db: testDb.handle.db }),
    ).toEqual([second.id, first.id]);
    expect(
      await resolveRepositorySelection({ platform: true }, { view }, { db: testDb.handle.db }),
    ).toHaveLength(3);
    await expect(
      resolveRepositorySelection({ organizationId: A }, { view }, { db: testDb.handle.db, max: 1 }),
    ).rejects.toThrow('BULK_TOO_MANY');
  });
});
