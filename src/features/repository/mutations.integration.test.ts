import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase } from '@/server/db/client';
import { auditLog, organization, repository, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { deleteRepository, findRepositoryById, insertRepository, updateRepository } from './data.server';
import { type Actor, changeRepository, createRepository, removeRepository } from './mutations.server';
import { zRepositoryForm } from './schema';

let testDb: TestDatabase;
let db: Database;
/** On Postgres, a second handle with a pool wide enough that the concurrent inserts really overlap. */
let wide: DatabaseHandle | undefined;

const admin: Actor = { userId: 'admin-1', ip: '10.1.2.3' };
const ORG = 'org-a';
const OTHER_ORG = 'org-b';
const SCOPE = { organizationId: ORG };
const OTHER_SCOPE = { organizationId: OTHER_ORG };
const PLATFORM = { platform: true } as const;
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
  await db.insert(organization).values([
    { id: ORG, name: 'Org', slug: 'org' },
    { id: OTHER_ORG, name: 'Other', slug: 'other' },
  ]);
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
        insertRepository(ORG, values('Same name', `https://e${i}.com`), executor),
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
    const created = await insertRepository(ORG, parsed, db);
    expect(created).toMatchObject({ name: 'Docs', link: 'https://docs.example.com', description: null });
    expect(await findRepositoryById(SCOPE, created.id, db)).toEqual(created);
  });

  it('lets other failures through unchanged', async () => {
    await expect(
      insertRepository(ORG, values('x'.repeat(10), 'https://a.b', null), db),
    ).resolves.toBeTruthy();
    // A name the unique index never sees: the NOT NULL constraint refuses it, which is no name conflict.
    const invalid = { name: null as unknown as string, link: 'https://a.b', description: null };
    const error = await insertRepository(ORG, invalid, db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('updateRepository', () => {
  it('refuses a taken name with CONFLICT:name and changes nothing', async () => {
    const first = await insertRepository(ORG, values('First'), db);
    const second = await insertRepository(ORG, values('Second', 'https://second.com', 'kept'), db);
    await expect(
      updateRepository(SCOPE, second.id, values('First', 'https://changed.com', 'changed'), db),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect(await findRepositoryById(SCOPE, second.id, db)).toEqual(second);
    expect(await findRepositoryById(SCOPE, first.id, db)).toEqual(first);
  });

  it('returns the row before and after, with a newer updatedAt', async () => {
    const created = await insertRepository(ORG, values('Before'), db);
    const result = await updateRepository(SCOPE, created.id, values('After', 'https://after.com', 'now'), db);
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
    expect(await updateRepository(SCOPE, '00000000-0000-4000-8000-000000000000', values('x'), db)).toBeNull();
    expect(await updateRepository(SCOPE, 'nope', values('x'), db)).toBeNull();
  });
});

describe('deleteRepository', () => {
  it('deletes and returns id and name; null when nothing matches', async () => {
    const created = await insertRepository(ORG, values('Doomed'), db);
    expect(await deleteRepository(SCOPE, created.id, db)).toEqual({
      id: created.id,
      name: 'Doomed',
      organizationId: ORG,
    });
    expect(await findRepositoryById(SCOPE, created.id, db)).toBeNull();
    expect(await deleteRepository(SCOPE, created.id, db)).toBeNull();
    expect(await deleteRepository(SCOPE, 'not-a-uuid', db)).toBeNull();
  });
});

describe('audited changes', () => {
  it('records a create, an update (changed fields) and a delete, each with actor, label and ip', async () => {
    const created = await createRepository(ORG, values('Audited'), admin, db);
    await changeRepository(
      SCOPE,
      created.id,
      values('Renamed', 'https://example.com', 'new text'),
      admin,
      db,
    );
    expect(await removeRepository(SCOPE, created.id, admin, db)).toBe(true);
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
        organizationId: ORG,
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
    const created = await createRepository(ORG, values('Same'), admin, db);
    await db.delete(auditLog);
    expect(await changeRepository(SCOPE, created.id, values('Same'), admin, db)).toMatchObject({
      name: 'Same',
    });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await changeRepository(SCOPE, missing, values('x'), admin, db)).toBeNull();
    expect(await removeRepository(SCOPE, missing, admin, db)).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('stores neither the change nor its entry when the audit entry fails', async () => {
    // An actor that does not exist breaks the audit row's foreign key, inside the change's transaction.
    const ghost: Actor = { userId: 'no-such-user', ip: null };
    await expect(createRepository(ORG, values('Ghost'), ghost, db)).rejects.toThrow();
    expect(await rowsNamed('Ghost')).toEqual([]);

    const kept = await insertRepository(ORG, values('Kept', 'https://kept.com', 'as is'), db);
    await expect(changeRepository(SCOPE, kept.id, values('Changed'), ghost, db)).rejects.toThrow();
    expect(await findRepositoryById(SCOPE, kept.id, db)).toEqual(kept);
    await expect(removeRepository(SCOPE, kept.id, ghost, db)).rejects.toThrow();
    expect(await findRepositoryById(SCOPE, kept.id, db)).toEqual(kept);
    expect(await auditRows()).toEqual([]);
  });

  it('stores no entry when the change fails', async () => {
    await createRepository(ORG, values('Taken'), admin, db);
    const other = await createRepository(ORG, values('Other'), admin, db);
    await db.delete(auditLog);
    await expect(createRepository(ORG, values('Taken'), admin, db)).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name',
    });
    await expect(changeRepository(SCOPE, other.id, values('Taken'), admin, db)).rejects.toMatchObject({
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

describe('organizations', () => {
  it('keeps names unique within an organization only', async () => {
    await createRepository(ORG, values('Shared name'), admin, db);
    const elsewhere = await createRepository(OTHER_ORG, values('Shared name'), admin, db);
    expect(elsewhere.organization).toEqual({ id: OTHER_ORG, name: 'Other' });
    await expect(createRepository(OTHER_ORG, values('Shared name'), admin, db)).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name',
    });
    expect(await rowsNamed('Shared name')).toHaveLength(2);
  });

  it("never reads, changes or deletes another organization's repository, and writes no entry trying", async () => {
    const theirs = await createRepository(
      OTHER_ORG,
      values('Theirs', 'https://theirs.com', 'kept'),
      admin,
      db,
    );
    await db.delete(auditLog);
    expect(await findRepositoryById(SCOPE, theirs.id, db)).toBeNull();
    expect(await updateRepository(SCOPE, theirs.id, values('Mine'), db)).toBeNull();
    expect(await changeRepository(SCOPE, theirs.id, values('Mine'), admin, db)).toBeNull();
    expect(await deleteRepository(SCOPE, theirs.id, db)).toBeNull();
    expect(await removeRepository(SCOPE, theirs.id, admin, db)).toBe(false);
    expect(await findRepositoryById(OTHER_SCOPE, theirs.id, db)).toEqual(theirs);
    expect(await auditRows()).toEqual([]);
  });

  it('lets the platform scope reach every organization', async () => {
    const theirs = await createRepository(OTHER_ORG, values('Platform reach'), admin, db);
    expect(await findRepositoryById(PLATFORM, theirs.id, db)).toEqual(theirs);
    const renamed = await changeRepository(PLATFORM, theirs.id, values('Renamed by platform'), admin, db);
    expect(renamed).toMatchObject({ name: 'Renamed by platform', organization: { id: OTHER_ORG } });
    expect(await removeRepository(PLATFORM, theirs.id, admin, db)).toBe(true);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'repository.delete'));
    expect(entry?.organizationId).toBe(OTHER_ORG);
  });

  it('refuses an organization that does not exist with NOT_FOUND:organizationId', async () => {
    await expect(createRepository('no-such-org', values('Orphan'), admin, db)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'organizationId',
    });
    expect(await rowsNamed('Orphan')).toEqual([]);
  });
});
