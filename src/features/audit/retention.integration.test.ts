import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { listAuditEntries } from './data.server';
import { purgeExpiredAuditEntries } from './retention.server';

let testDb: TestDatabase;
let db: Database;

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
});
afterAll(() => testDb?.cleanup());
beforeEach(async () => {
  await db.delete(auditLog);
});

async function addEntries(count: number, createdAt: Date, action = 'user.ban') {
  await db
    .insert(auditLog)
    .values(Array.from({ length: count }, () => ({ action, targetType: 'user', targetId: 'u1', createdAt })));
}

describe('purgeExpiredAuditEntries', () => {
  it('deletes, in batches, only entries older than the retention, and records how many went', async () => {
    await addEntries(23, daysAgo(400));
    await addEntries(2, daysAgo(31));
    await addEntries(3, daysAgo(29));
    const result = await purgeExpiredAuditEntries(testDb.handle, { retentionDays: 30, batchSize: 5, now });
    expect(result).toEqual({ ran: true, deleted: 25 });

    const page = await listAuditEntries({ limit: 10 }, db);
    expect(page.items.map((entry) => entry.action).toSorted()).toEqual([
      'audit.purge',
      'user.ban',
      'user.ban',
      'user.ban',
    ]);
    const purge = page.items.find((entry) => entry.action === 'audit.purge');
    expect(purge).toMatchObject({
      actor: null,
      targetType: 'audit',
      ip: null,
      metadata: { deleted: 25, days: 30, before: daysAgo(30).toISOString() },
    });
  });

  it('deletes a batch-sized remainder to the end, and records nothing when nothing was old enough', async () => {
    await addEntries(10, daysAgo(400));
    expect(await purgeExpiredAuditEntries(testDb.handle, { retentionDays: 365, batchSize: 5, now })).toEqual({
      ran: true,
      deleted: 10,
    });
    await db.delete(auditLog).where(eq(auditLog.action, 'audit.purge'));
    await addEntries(4, daysAgo(364));
    expect(await purgeExpiredAuditEntries(testDb.handle, { retentionDays: 365, now })).toEqual({
      ran: true,
      deleted: 0,
    });
    expect(await db.select({ action: auditLog.action }).from(auditLog)).toHaveLength(4);
  });
});
