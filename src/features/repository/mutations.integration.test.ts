import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '@/server/db/client';
import { auditLog, repository, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { deleteRepository, findRepositoryById, insertRepository, updateRepository } from './data.server';
import { type Actor, changeRepository, createRepository, removeRepository } from './mutations.server';
import { zRepositoryForm } from './schema';

let testDb: TestDatabase;
let db: Database;
/** On Postgres, a second handle with a pool wide enough that the concurrent inserts really overlap. */
let wide: DatabaseHandle | undefined;

const admin: Actor = { userId: 'admin-1', ip: '10.1.2.3' };
const values = (name: string, link = 'https://example.com', description: string | null = null) => ({
  name,
  link,
  description,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  if (testDb.url) wide = await openDatabase({ url: testDb.url, poolMax: 20 });
  await db
    .insert(user)
    .values({ id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com', emailVerified: true });
});
afterAll(async () => {
  await wide?.close();
  await testDb?.cleanup();
});
beforeEach(async () => {
  await db.delete(auditLog);
  await db.delete(repository);
});

const rowsNamed = (name: string) => db.select().from(repository).where(eq(repository.name, name));
const auditRows = () => db.select().from(auditLog);

describe('insertRepository', () => {
  it('lets exactly one of 50 concurrent creates of one name through; the others get CONFLICT:name', async () => {
    const executor = wide?.db ?? db;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        insertRepository(values('Same name', `https://e${i}.com`), executor),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(fulfilled).toHaveLength(1);
    expect(reasons).toHaveLength(49);
    for (const reason of reasons) expect(reason).toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect(await rowsNamed('Same name')).toHaveLength(1);
  });

  it('stores the schema output: trimmed, https:// added, blank description as null', async () => {
    const parsed = zRepositoryForm.parse({ name: '  Docs ', link: ' docs.example.com ', description: '  ' });
    const created = await insertRepository(parsed, db);
    expect(created).toMatchObject({ name: 'Docs', link: 'https://docs.example.com', description: null });
    expect(await findRepositoryById(created.id, db)).toEqual(created);
  });

  it('lets other failures through unchanged', async () => {
    await expect(insertRepository(values('x'.repeat(10), 'https://a.b', null), db)).resolves.toBeTruthy();
    // A name the unique index never sees: the NOT NULL constraint refuses it, which is no name conflict.
    const invalid = { name: null as unknown as string, link: 'https://a.b', description: null };
    const error = await insertRepository(invalid, db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('updateRepository', () => {
  it('refuses a taken name with CONFLICT:name and changes nothing', async () => {
    const first = await insertRepository(values('First'), db);
    const second = await insertRepository(values('Second', 'https://second.com', 'kept'), db);
    await expect(
      updateRepository(second.id, values('First', 'https://changed.com', 'changed'), db),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect(await findRepositoryById(second.id, db)).toEqual(second);
    expect(await findRepositoryById(first.id, db)).toEqual(first);
  });

  it('returns the row before and after, with a newer updatedAt', async () => {
    const created = await insertRepository(values('Before'), db);
    const result = await updateRepository(created.id, values('After', 'https://after.com', 'now'), db);
    expect(result?.previous).toEqual(created);
    expect(result?.current).toMatchObject({
      id: created.id,
      name: 'After',
      link: 'https://after.com',
      description: 'now',
    });
    expect(Date.parse(result?.current.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  it('returns null for an unknown id and for an id that is not a UUID', async () => {
    expect(await updateRepository('00000000-0000-4000-8000-000000000000', values('x'), db)).toBeNull();
    expect(await updateRepository('nope', values('x'), db)).toBeNull();
  });
});

describe('deleteRepository', () => {
  it('deletes and returns id and name; null when nothing matches', async () => {
    const created = await insertRepository(values('Doomed'), db);
    expect(await deleteRepository(created.id, db)).toEqual({ id: created.id, name: 'Doomed' });
    expect(await findRepositoryById(created.id, db)).toBeNull();
    expect(await deleteRepository(created.id, db)).toBeNull();
    expect(await deleteRepository('not-a-uuid', db)).toBeNull();
  });
});

describe('audited changes', () => {
  it('records a create, an update (changed fields) and a delete, each with actor, label and ip', async () => {
    const created = await createRepository(values('Audited'), admin, db);
    await changeRepository(created.id, values('Renamed', 'https://example.com', 'new text'), admin, db);
    expect(await removeRepository(created.id, admin, db)).toBe(true);
    const rows = await auditRows();
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
    expect(Object.keys(byAction).sort()).toEqual([
      'repository.create',
      'repository.delete',
      'repository.update',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorUserId: 'admin-1',
        targetType: 'repository',
        targetId: created.id,
        ip: '10.1.2.3',
      });
    }
    expect(byAction['repository.create']?.metadata).toEqual({ label: 'Audited' });
    expect(byAction['repository.update']?.metadata).toEqual({
      label: 'Renamed',
      changed: 'name,description',
      previousName: 'Audited',
    });
    expect(byAction['repository.delete']?.metadata).toEqual({ label: 'Renamed' });
  });

  it('records nothing for an update that changes nothing, or for a missing repository', async () => {
    const created = await createRepository(values('Same'), admin, db);
    await db.delete(auditLog);
    expect(await changeRepository(created.id, values('Same'), admin, db)).toMatchObject({ name: 'Same' });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await changeRepository(missing, values('x'), admin, db)).toBeNull();
    expect(await removeRepository(missing, admin, db)).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('stores neither the change nor its entry when the audit entry fails', async () => {
    // An actor that does not exist breaks the audit row's foreign key, inside the change's transaction.
    const ghost: Actor = { userId: 'no-such-user', ip: null };
    await expect(createRepository(values('Ghost'), ghost, db)).rejects.toThrow();
    expect(await rowsNamed('Ghost')).toEqual([]);

    const kept = await insertRepository(values('Kept', 'https://kept.com', 'as is'), db);
    await expect(changeRepository(kept.id, values('Changed'), ghost, db)).rejects.toThrow();
    expect(await findRepositoryById(kept.id, db)).toEqual(kept);
    await expect(removeRepository(kept.id, ghost, db)).rejects.toThrow();
    expect(await findRepositoryById(kept.id, db)).toEqual(kept);
    expect(await auditRows()).toEqual([]);
  });

  it('stores no entry when the change fails', async () => {
    await createRepository(values('Taken'), admin, db);
    const other = await createRepository(values('Other'), admin, db);
    await db.delete(auditLog);
    await expect(createRepository(values('Taken'), admin, db)).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name',
    });
    await expect(changeRepository(other.id, values('Taken'), admin, db)).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name',
    });
    expect(await auditRows()).toEqual([]);
    expect(
      await db
        .select()
        .from(repository)
        .where(and(eq(repository.id, other.id), eq(repository.name, 'Other'))),
    ).toHaveLength(1);
  });
});
