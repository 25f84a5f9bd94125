import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { actingAsScope } from './acting-as.server';
import { listAuditEntries } from './data.server';
import { recordAudit } from './record.server';

let testDb: TestDatabase;
let db: Database;

async function addUser(id: string, name: string) {
  await db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await addUser('admin-1', 'Ada Admin');
  await addUser('jane-1', 'Jane Doe');
  await addUser('other-1', 'Otto Other');
});
afterAll(() => testDb?.cleanup());

describe('recordAudit', () => {
  it('stores actor, action, target, label and plain facts, but never secret-looking keys', async () => {
    await recordAudit(
      {
        actorUserId: 'admin-1',
        action: 'user.ban',
        target: { type: 'user', id: 'jane-1', label: 'Jane Doe' },
        metadata: {
          reason: 'spam',
          until: '2026-12-01',
          token: 'abc',
          sessionToken: 'x',
          otp: '123456',
          cookie: 'c',
        },
        ip: '10.0.0.1',
      },
      db,
    );
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'user.ban'));
    expect(row).toMatchObject({
      actorUserId: 'admin-1',
      targetType: 'user',
      targetId: 'jane-1',
      ip: '10.0.0.1',
    });
    expect(row?.metadata).toEqual({ reason: 'spam', until: '2026-12-01', label: 'Jane Doe' });
  });

  it('rolls back with the transaction it was written in', async () => {
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(
          { actorUserId: 'admin-1', action: 'repository.delete', target: { type: 'repository', id: 'r1' } },
          tx,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(auditLog).where(eq(auditLog.action, 'repository.delete'))).toHaveLength(0);
  });
});

describe('listAuditEntries', () => {
  beforeAll(async () => {
    const entries = [
      {
        actorUserId: 'admin-1',
        action: 'user.set-role',
        target: { type: 'user', id: 'other-1', label: 'Otto Other' },
      },
      {
        actorUserId: 'jane-1',
        action: 'repository.create',
        target: { type: 'repository', id: 'r2', label: 'vite' },
        organizationId: 'org-a',
      },
      {
        actorUserId: 'admin-1',
        action: 'user.unban',
        target: { type: 'user', id: 'jane-1', label: 'Jane Doe' },
      },
    ] as const;
    // One second apart, in this order: statements a few microseconds apart may share a timestamp where
    // the clock is coarse (PGlite in WebAssembly), and the list would then order them by their random ids.
    // After the entry the previous describe wrote, which stays the oldest.
    const base = Date.now() + 60_000;
    for (const [index, entry] of entries.entries()) {
      await recordAudit({ ...entry, target: { ...entry.target } }, db);
      await db
        .update(auditLog)
        .set({ createdAt: new Date(base + index * 1000) })
        .where(eq(auditLog.action, entry.action));
    }
  });

  it('lists newest first with the actor’s name and the label written with the entry', async () => {
    const page = await listAuditEntries({ limit: 10 }, db);
    expect(page.items.map((e) => e.action)).toEqual([
      'user.unban',
      'repository.create',
      'user.set-role',
      'user.ban',
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { id: 'admin-1', name: 'Ada Admin' },
      targetLabel: 'Jane Doe',
      metadata: {},
    });
    expect(page).toMatchObject({ total: 4, totalCapped: false });
  });

  it('filters to what one user did or had done to them', async () => {
    const page = await listAuditEntries({ userId: 'jane-1', limit: 10 }, db);
    expect(page.items.map((e) => e.action)).toEqual(['user.unban', 'repository.create', 'user.ban']);
    expect(page.total).toBe(3);
  });

  it('filters to what happened in one organization, alone or with a user', async () => {
    const inOrganization = await listAuditEntries({ organizationId: 'org-a', limit: 10 }, db);
    expect(inOrganization.items.map((e) => [e.action, e.targetLabel])).toEqual([
      ['repository.create', 'vite'],
    ]);
    expect(inOrganization.total).toBe(1);
    expect((await listAuditEntries({ organizationId: 'org-b', limit: 10 }, db)).items).toEqual([]);
    const both = await listAuditEntries({ organizationId: 'org-a', userId: 'admin-1', limit: 10 }, db);
    expect(both.items).toEqual([]);
  });

  it('pages with a cursor', async () => {
    const first = await listAuditEntries({ limit: 3 }, db);
    const second = await listAuditEntries({ limit: 3, cursor: first.nextCursor ?? undefined }, db);
    expect(first.items).toHaveLength(3);
    expect(second.items.map((e) => e.action)).toEqual(['user.ban']);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps entries of a deleted actor, without a name', async () => {
    await db.delete(user).where(eq(user.id, 'jane-1'));
    const page = await listAuditEntries({ limit: 10 }, db);
    const created = page.items.find((e) => e.action === 'repository.create');
    expect(created?.actor).toBeNull();
    expect(created?.targetLabel).toBe('vite');
  });
});

describe('while an admin acts as a user', () => {
  it('writes every entry as the admin’s and names the user, without the caller saying so', async () => {
    const actingAs = { adminId: 'admin-1', userId: 'other-1', userLabel: 'Otto Other' };
    const { recorded } = await actingAsScope(actingAs, () =>
      recordAudit(
        {
          actorUserId: 'other-1',
          action: 'repository.create',
          target: { type: 'repository', id: 'r-acted', label: 'acted' },
        },
        db,
      ),
    );
    expect(recorded).toBe(true);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.targetId, 'r-acted'));
    expect(row).toMatchObject({ actorUserId: 'admin-1' });
    expect(row?.metadata).toEqual({ label: 'acted', actingAs: 'other-1', actingAsLabel: 'Otto Other' });

    const page = await listAuditEntries({ limit: 10 }, db);
    expect(page.items.find((e) => e.targetId === 'r-acted')).toMatchObject({
      actor: { id: 'admin-1', name: 'Ada Admin' },
      actingAs: { id: 'other-1', name: 'Otto Other' },
      metadata: {},
    });
    // Outside the scope nothing is added.
    expect(page.items.find((e) => e.action === 'user.set-role')?.actingAs).toBeNull();
  });

  it('refuses a caller-sent acting-as fact: only the scope or an explicit record may set it', async () => {
    await recordAudit(
      {
        actorUserId: 'admin-1',
        action: 'repository.update',
        target: { type: 'repository', id: 'r-forged', label: 'forged' },
        metadata: { actingAs: 'other-1', actingAsLabel: 'Forged' },
      },
      db,
    );
    const [row] = await db.select().from(auditLog).where(eq(auditLog.targetId, 'r-forged'));
    expect(row?.metadata).toEqual({ label: 'forged' });
  });
});
