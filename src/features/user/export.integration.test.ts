import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog, rateLimit, user } from '@/server/db/schema/index';
import { readCsv } from '@/test/csv';
import { setRequestSession } from '@/test/request-session';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { readAllPages } from '@/test/keyset';
import { listUsers } from './data.server';
import { exportUsersCsv } from './export.server';
import { type UserListView, userListDefaults } from './search';

// The route's session read is the request's (cookies); here the caller is set directly.
vi.mock('@/server/auth/session', () => import('@/test/request-session'));

let testDb: TestDatabase;
let db: Database;

/** More rows than one export batch (1000), so the export walks several. */
const seeded = 2300;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await db.execute(sql`
    insert into ${user} (id, name, email, email_verified, role, banned, ban_expires, onboarded_at, created_at, updated_at)
    select
      'u' || lpad(i::text, 5, '0'),
      (array['Abby', 'Mia', 'Noah, Jr.', 'Léa "the" Great', 'نور', 'Zoë 👩‍💻'])[1 + i % 6] || ' ' || (i % 41),
      'person' || i || '@example.com',
      true,
      (array['user', 'admin', null, 'user,admin'])[1 + i % 4],
      i % 5 = 0,
      case when i % 10 = 0 then timestamptz '2030-01-02 03:04:05+00' end,
      case when i % 7 = 0 then null else now() end,
      timestamptz '2026-01-01 00:00:00+00' + (i / 3) * interval '1 second',
      now()
    from generate_series(1, ${seeded}) as i`);
  // The callers below: an export's audit entry names its actor.
  await db.insert(user).values([
    { id: 'admin-1', name: 'Admin', email: 'admin-1@example.com', role: 'admin' },
    { id: 'u1', name: 'User', email: 'u1@example.com' },
  ]);
  await db.insert(user).values({
    id: 'evil',
    name: '=HYPERLINK("http://evil.example","open")',
    email: 'evil@example.com',
    onboardedAt: new Date(),
  });
});
afterAll(() => testDb?.cleanup());
beforeEach(async () => {
  // Each test starts under the exports' per-minute limit (csvExport counts in the test's database); the
  // running-export slots stay, freed by their own streams.
  await db.delete(rateLimit).where(like(rateLimit.key, 'csv-export:%'));
  setRequestSession({ user: { id: 'admin-1', role: 'admin' }, session: {} });
});

const exportUrl = (view: Record<string, string> = {}) =>
  `http://localhost/api/export/users?${new URLSearchParams(view).toString()}`;

async function listedIds(view: UserListView): Promise<string[]> {
  const users = await readAllPages((cursor) => listUsers({ ...view, cursor, limit: 100 }, db));
  return users.map((item) => item.id);
}

describe('GET /api/export/users', () => {
  it('refuses an anonymous caller with 401 and a user with 403, as JSON codes', async () => {
    setRequestSession(null);
    const anonymous = await exportUsersCsv(new Request(exportUrl()), db);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    setRequestSession({ user: { id: 'u1', role: 'user' }, session: {} });
    const user = await exportUsersCsv(new Request(exportUrl()), db);
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a view the list would refuse with 400 and the field', async () => {
    for (const [view, field] of [
      [{ sort: 'password' }, 'sort'],
      [{ role: 'owner' }, 'role'],
      [{ order: 'sideways' }, 'order'],
      [{ searchTerm: 'x'.repeat(500) }, 'searchTerm'],
    ] as const) {
      const response = await exportUsersCsv(new Request(exportUrl(view)), db);
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
    { searchTerm: 'noah', sort: 'name', order: 'asc' },
    { status: 'banned', role: 'admin' },
    { sort: 'email', order: 'desc', status: 'notOnboarded' },
  ] as Array<Partial<UserListView>>)('exports exactly the rows the list shows for %o', async (partial) => {
    const view = { ...userListDefaults, ...partial };
    const response = await exportUsersCsv(new Request(exportUrl(partial as Record<string, string>)), db);
    expect(response.status).toBe(200);
    const { bom, records } = await readCsv(response);
    expect(bom).toBe(true);
    expect(records[0]).toEqual(['ID', 'Name', 'Email', 'Role', 'Status', 'Ban ends', 'Created']);
    const expected = await listedIds(view);
    expect(expected.length).toBeGreaterThan(10);
    expect(records.slice(1).map((record) => record[0])).toEqual(expected);
  });

  it('writes each user as a spreadsheet reads it back: text intact, dates ISO 8601, formulas neutralised', async () => {
    const response = await exportUsersCsv(new Request(exportUrl({ searchTerm: 'person10@' })), db);
    const { records } = await readCsv(response);
    // person10: no role (so user), banned until 2030.
    expect(records.slice(1)).toEqual([
      [
        'u00010',
        'نور 10',
        'person10@example.com',
        'User',
        'Banned',
        '2030-01-02T03:04:05.000Z',
        '2026-01-01T00:00:03.000Z',
      ],
    ]);
    const all = (await readCsv(await exportUsersCsv(new Request(exportUrl()), db))).records;
    const names = new Set(all.map((record) => record[1]));
    expect(names).toContain('Noah, Jr. 2');
    expect(names).toContain('Léa "the" Great 3');
    expect(names).toContain('نور 4');
    expect(names).toContain('Zoë 👩‍💻 5');
    expect(all.find((record) => record[0] === 'evil')?.[1]).toBe(`'=HYPERLINK("http://evil.example","open")`);
  });

  it('records each export (who, the users list, the filters) and runs one at a time per caller', async () => {
    const first = await exportUsersCsv(new Request(exportUrl({ role: 'admin', searchTerm: 'noah' })), db);
    expect(first.status).toBe(200);
    // While the first is still being read, a second is refused, and records nothing.
    const second = await exportUsersCsv(new Request(exportUrl()), db);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'EXPORT_RUNNING' });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.export'), eq(auditLog.actorUserId, 'admin-1')))
      .orderBy(desc(auditLog.createdAt));
    expect(entries[0]).toMatchObject({
      targetType: 'user',
      metadata: { filters: 'order=desc&role=admin&searchTerm=noah&sort=created' },
    });
    const recorded = entries.length;
    // Once the file has gone out, the next one runs.
    await readCsv(first);
    const third = await exportUsersCsv(new Request(exportUrl()), db);
    expect(third.status).toBe(200);
    await third.body?.cancel();
    // A cancelled download frees its slot too (a minute later: the refused one counted in this one).
    await db.delete(rateLimit).where(like(rateLimit.key, 'csv-export:%'));
    const fourth = await exportUsersCsv(new Request(exportUrl()), db);
    expect(fourth.status).toBe(200);
    await readCsv(fourth);
    const after = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.export'), eq(auditLog.actorUserId, 'admin-1')));
    expect(after).toHaveLength(recorded + 2);
  });

  it('allows a few exports a minute per caller, then says how long to wait', async () => {
    for (let i = 0; i < 3; i++) await readCsv(await exportUsersCsv(new Request(exportUrl()), db));
    const refused = await exportUsersCsv(new Request(exportUrl()), db);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another caller is not held up.
    setRequestSession({ user: { id: 'u1', role: 'admin' }, session: {} });
    expect((await exportUsersCsv(new Request(exportUrl()), db)).status).toBe(200);
  });

  it('names the columns and values in the caller’s language', async () => {
    const request = new Request(exportUrl({ searchTerm: 'person10@' }), {
      headers: { 'accept-language': 'ar' },
    });
    const { records } = await readCsv(await exportUsersCsv(request, db));
    expect(records[0]).toEqual([
      'المعرّف',
      'الاسم',
      'البريد الإلكتروني',
      'الدور',
      'الحالة',
      'نهاية الحظر',
      'تاريخ الإنشاء',
    ]);
    expect(records[1]?.[3]).toBe('مستخدم');
  });

  it('streams the file chunk by chunk with a download name', async () => {
    const response = await exportUsersCsv(new Request(exportUrl()), db);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''users-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const reader = response.body!.getReader();
    const sizes: number[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      sizes.push(next.value.length);
    // About 64 KB at a time: several chunks, none holding the whole file.
    expect(sizes.length).toBeGreaterThan(2);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(Math.max(...sizes)).toBeLessThan(total / 2);
  });
});
