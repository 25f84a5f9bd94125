// Several instances only exist on a server (PGlite is one connection in one process), so this file runs
// in the integration-postgres project only.
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { AUDIT_PURGE_LOCK_KEY, purgeExpiredAuditEntries } from './retention.server';

let testDb: TestDatabase;
let other: DatabaseHandle;

const now = new Date('2026-06-01T12:00:00Z');
const old = new Date('2025-01-01T00:00:00Z');
const recent = new Date('2026-05-20T00:00:00Z');

beforeAll(async () => {
  testDb = await createTestDatabase();
  if (!testDb.url) throw new Error('a Postgres test database has a URL');
  // A second instance: its own pool on the same database.
  other = await openDatabase({ url: testDb.url, poolMax: 2 });
});
afterAll(async () => {
  await other?.close();
  await testDb?.cleanup();
});

async function seed(oldCount: number, recentCount: number) {
  await testDb.handle.db.delete(auditLog);
  const rows = (count: number, createdAt: Date) =>
    Array.from({ length: count }, () => ({
      action: 'user.ban',
      targetType: 'user',
      targetId: 'u1',
      createdAt,
    }));
  await testDb.handle.db.insert(auditLog).values([...rows(oldCount, old), ...rows(recentCount, recent)]);
}

async function counts() {
  const rows = await testDb.handle.db
    .select({ action: auditLog.action, total: sql<number>`count(*)::int` })
    .from(auditLog)
    .groupBy(auditLog.action);
  return Object.fromEntries(rows.map((row) => [row.action, row.total]));
}

describe('the retention job on two instances at once', () => {
  it('is run by one of them: the other sees the lock taken and skips; one entry records the count', async () => {
    await seed(3000, 7);
    const options = { retentionDays: 365, batchSize: 100, now };
    const results = await Promise.all([
      purgeExpiredAuditEntries(testDb.handle, options),
      purgeExpiredAuditEntries(other, options),
    ]);
    expect(results.toSorted((a) => (a.ran ? -1 : 1))).toEqual([{ ran: true, deleted: 3000 }, { ran: false }]);
    expect(await counts()).toEqual({ 'user.ban': 7, 'audit.purge': 1 });
    const [entry] = await testDb.handle.db
      .select({ metadata: auditLog.metadata, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.purge'));
    expect(entry).toEqual({ actor: null, metadata: expect.objectContaining({ deleted: 3000, days: 365 }) });
  });

  it('skips while another session holds the lock, and runs once it is released', async () => {
    await seed(5, 1);
    if (!testDb.url) throw new Error('a Postgres test database has a URL');
    const holder = postgres(testDb.url, { max: 1, onnotice: () => {} });
    try {
      await holder`select pg_advisory_lock(${AUDIT_PURGE_LOCK_KEY})`;
      const options = { retentionDays: 365, now };
      expect(await purgeExpiredAuditEntries(other, options)).toEqual({ ran: false });
      expect(await counts()).toEqual({ 'user.ban': 6 });
      await holder`select pg_advisory_unlock(${AUDIT_PURGE_LOCK_KEY})`;
      expect(await purgeExpiredAuditEntries(other, options)).toEqual({ ran: true, deleted: 5 });
    } finally {
      await holder.end({ timeout: 5 });
    }
  });
});
