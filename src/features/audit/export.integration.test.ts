import { desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog, rateLimit, user } from '@/server/db/schema/index';
import { readCsv } from '@/test/csv';
import { setRequestSession } from '@/test/request-session';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { readAllPages } from '@/test/keyset';
import { listAuditEntries } from './data.server';
import { exportAuditCsv } from './export.server';
import type { AuditFilters } from './schema';

// The route's session read is the request's (cookies); here the caller is set directly.
vi.mock('@/server/auth/session', () => import('@/test/request-session'));

let testDb: TestDatabase;
let db: Database;

/** More rows than one export batch (1000), so the export walks several. */
const seeded = 1500;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  // The callers below: an export's audit entry names its actor.
  await db.insert(user).values([
    { id: 'admin-1', name: 'Admin', email: 'admin-1@example.com', role: 'admin' },
    { id: 'u1', name: 'User', email: 'u1@example.com' },
  ]);
  await db.insert(user).values([
    { id: 'ada', name: 'Ada', email: 'ada@example.com', emailVerified: true },
    { id: 'noor', name: 'نور', email: 'noor@example.com', emailVerified: true },
  ]);
  await db.execute(sql`
    insert into ${auditLog} (actor_user_id, action, target_type, target_id, organization_id, metadata, ip, created_at)
    select
      (array['ada', 'noor', null])[1 + i % 3],
      (array['user.ban', 'session.revoke', 'repository.create'])[1 + i % 3],
      (array['user', 'user', 'repository'])[1 + i % 3],
      't' || (i % 7),
      case when i % 2 = 0 then 'org-a' end,
      jsonb_build_object('label', (array['Jane, "J" Doe', 'Zoë 👩‍💻', '=cmd|calc', 'line
break'])[1 + i % 4]),
      '10.0.' || (i % 250) || '.1',
      timestamptz '2026-01-01 00:00:00+00' + i * interval '1 minute'
    from generate_series(1, ${seeded}) as i`);
});
afterAll(() => testDb?.cleanup());
beforeEach(async () => {
  // Each test starts under the exports' per-minute limit (csvExport counts in the test's database); the
  // running-export slots stay, freed by their own streams.
  await db.delete(rateLimit).where(like(rateLimit.key, 'csv-export:%'));
  setRequestSession({ user: { id: 'admin-1', role: 'admin' }, session: {} });
});

const exportUrl = (view: Record<string, string> = {}) =>
  `http://localhost/api/export/audit?${new URLSearchParams(view).toString()}`;

async function listedIds(filters: AuditFilters): Promise<string[]> {
  const entries = await readAllPages((cursor) => listAuditEntries({ ...filters, cursor, limit: 100 }, db));
  return entries.map((entry) => entry.createdAt);
}

describe('GET /api/export/audit', () => {
  it('refuses an anonymous caller with 401 and a user with 403, as JSON codes', async () => {
    setRequestSession(null);
    const anonymous = await exportAuditCsv(new Request(exportUrl()), db);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    setRequestSession({ user: { id: 'u1', role: 'user' }, session: {} });
    const user = await exportAuditCsv(new Request(exportUrl()), db);
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a view the list would refuse with 400 and the field', async () => {
    for (const [view, field] of [
      [{ group: 'everything' }, 'group'],
      [{ targetType: 'planet' }, 'targetType'],
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '2026-02-02', to: '2026-02-01' }, 'to'],
    ] as const) {
      const response = await exportAuditCsv(new Request(exportUrl(view)), db);
      expect(response.status, JSON.stringify(view)).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        field,
        message: `VALIDATION_ERROR:${field}`,
      });
    }
  });

  it.each([
    {},
    { group: 'sessions' },
    { actorId: 'ada', organizationId: 'org-a' },
    { targetType: 'repository', targetId: 't3', from: '2026-01-01', to: '2026-01-01' },
  ] as Array<Record<string, string>>)('exports exactly the entries the page lists for %o', async (view) => {
    const response = await exportAuditCsv(new Request(exportUrl(view)), db);
    expect(response.status).toBe(200);
    const { bom, records } = await readCsv(response);
    expect(bom).toBe(true);
    expect(records[0]).toEqual([
      'Time (UTC)',
      'Done by',
      'Done by (ID)',
      'Acting as',
      'Group',
      'Action',
      'Description',
      'Target type',
      'Target ID',
      'Target',
      'Organization ID',
      'Address',
    ]);
    const expected = await listedIds(view as AuditFilters);
    expect(expected.length).toBeGreaterThan(5);
    expect(records.slice(1).map((record) => record[0])).toEqual(expected);
  });

  it('writes each entry as a spreadsheet reads it back: text intact, formulas neutralised', async () => {
    const { records: all } = await readCsv(await exportAuditCsv(new Request(exportUrl()), db));
    // The seeded entries; the exports this file made are entries too (see below).
    const records = all.filter((record) => record[5] !== 'audit.export');
    expect(records).toHaveLength(seeded + 1);
    // Entry 1500, the newest: Ada's ban of t2 in org-a, its label full of commas and quotes.
    const byTime = new Map(records.slice(1).map((record) => [record[0], record]));
    expect(byTime.get('2026-01-02T01:00:00.000Z')).toEqual([
      '2026-01-02T01:00:00.000Z',
      'Ada',
      'ada',
      '',
      'Users',
      'user.ban',
      'Ada banned Jane, "J" Doe',
      'Users',
      't2',
      'Jane, "J" Doe',
      'org-a',
      '10.0.0.1',
    ]);
    const labels = new Set(records.slice(1).map((record) => record[9]));
    expect(labels).toEqual(new Set(['Jane, "J" Doe', 'Zoë 👩‍💻', "'=cmd|calc", 'line\nbreak']));
    expect(records.find((record) => record[5] === 'repository.create')?.[1]).toBe('');
  });

  it('records each export: who, the audit log, the filters', async () => {
    const before = await db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'));
    const response = await exportAuditCsv(new Request(exportUrl({ group: 'sessions', actorId: 'noor' })), db);
    await readCsv(response);
    const after = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'audit.export'))
      .orderBy(desc(auditLog.createdAt));
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      actorUserId: 'admin-1',
      targetType: 'audit',
      metadata: { filters: 'actorId=noor&group=sessions' },
    });
  });

  it('names the columns, groups and sentences in the caller’s language', async () => {
    const request = new Request(exportUrl({ group: 'sessions', actorId: 'noor' }), {
      headers: { 'accept-language': 'ar' },
    });
    const { records } = await readCsv(await exportAuditCsv(request, db));
    expect(records[0]?.[0]).toBe('الوقت (UTC)');
    expect(records[1]?.slice(1, 7)).toEqual([
      'نور',
      'noor',
      '',
      'الجلسات',
      'session.revoke',
      // Arabic puts the verb first: "Noor ended a session of …".
      'أنهى نور جلسة للمستخدم =cmd|calc',
    ]);
  });
});
