import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { auditLog, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { readAllPages } from '@/test/keyset';
import { listAuditEntries } from './data.server';
import type { AuditFilters } from './schema';

let testDb: TestDatabase;
let db: Database;

const users = ['u-ada', 'u-ben', 'u-cy'];
const organizations = ['org-a', 'org-b'];
const actions = [
  'user.ban',
  'user.create',
  'session.revoke',
  'repository.create',
  'organization.invite',
  'user.impersonate',
  'account.export',
] as const;
const targetTypeOf = (action: string) =>
  action.startsWith('repository')
    ? 'repository'
    : action.startsWith('organization')
      ? 'organization'
      : 'user';

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  for (const id of users) {
    await db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  }
  // 84 entries over two weeks of January 2026, every combination of actor, action, target and
  // organization met several times; one at each day's very first and last microsecond.
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: 84 }, (_, i) => {
    const action = actions[i % actions.length] ?? 'user.ban';
    const type = targetTypeOf(action);
    const hour = i % 3 === 0 ? 0 : i % 3 === 1 ? 12 : 23;
    const createdAt = new Date(start + Math.floor(i / 6) * 86_400_000 + hour * 3_600_000);
    if (i % 3 === 2) createdAt.setUTCMinutes(59, 59, 999);
    return {
      actorUserId: i % 5 === 4 ? null : (users[i % users.length] ?? null),
      action,
      targetType: type,
      targetId: type === 'user' ? (users[(i + 1) % users.length] ?? null) : `${type}-${i % 4}`,
      organizationId: i % 4 === 3 ? null : (organizations[i % organizations.length] ?? null),
      metadata: {},
      ip: `10.0.0.${i}`,
      createdAt,
    };
  });
  await db.insert(auditLog).values(rows);
});
afterAll(() => testDb?.cleanup());

/** Every id the list gives for `filters`, page after page (7 a page, so the cursor is crossed too). */
async function listAll(filters: AuditFilters): Promise<string[]> {
  const entries = await readAllPages((cursor) => listAuditEntries({ ...filters, cursor, limit: 7 }, db));
  return entries.map((entry) => entry.id);
}

/** The same question in plain SQL, written apart from the data module. */
async function expected(where: string, params: unknown[]): Promise<string[]> {
  const text = `select id from audit_log ${where ? `where ${where}` : ''} order by created_at desc, id desc`;
  const query = sql.raw(text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1])}'`));
  const result = await db.execute<{ id: string }>(query);
  return (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows).map((r) => r.id);
}

const cases: [string, AuditFilters, string, unknown[]][] = [
  ['no filter', {}, '', []],
  ['actor', { actorId: 'u-ben' }, 'actor_user_id = $1', ['u-ben']],
  [
    'user (acted or target)',
    { userId: 'u-cy' },
    "(actor_user_id = $1 or (target_type = 'user' and target_id = $1))",
    ['u-cy'],
  ],
  ['group users', { group: 'users' }, "action in ('user.ban', 'user.create', 'account.export')", []],
  ['group sessions', { group: 'sessions' }, "action = 'session.revoke'", []],
  ['group sign-in', { group: 'signIn' }, "action = 'user.impersonate'", []],
  ['group system (none yet)', { group: 'system' }, "action = 'audit.purge'", []],
  ['target type', { targetType: 'repository' }, "target_type = 'repository'", []],
  ['target', { targetType: 'user', targetId: 'u-ada' }, "target_type = 'user' and target_id = $1", ['u-ada']],
  ['organization', { organizationId: 'org-b' }, 'organization_id = $1', ['org-b']],
  ['from', { from: '2026-01-10' }, "created_at >= '2026-01-10T00:00:00Z'", []],
  ['to', { to: '2026-01-03' }, "created_at < '2026-01-04T00:00:00Z'", []],
  [
    'one day',
    { from: '2026-01-05', to: '2026-01-05' },
    "(created_at at time zone 'UTC')::date = '2026-01-05'",
    [],
  ],
  [
    'actor, group and organization',
    { actorId: 'u-ada', group: 'users', organizationId: 'org-a' },
    "actor_user_id = $1 and action in ('user.ban', 'user.create', 'account.export') and organization_id = 'org-a'",
    ['u-ada'],
  ],
  [
    'target and range',
    { targetType: 'user', targetId: 'u-ben', from: '2026-01-02', to: '2026-01-08' },
    "target_type = 'user' and target_id = $1 and created_at >= '2026-01-02Z' and created_at < '2026-01-09Z'",
    ['u-ben'],
  ],
  [
    'every filter at once',
    {
      userId: 'u-ben',
      actorId: 'u-ada',
      group: 'users',
      targetType: 'user',
      targetId: 'u-ben',
      organizationId: 'org-a',
      from: '2026-01-01',
      to: '2026-01-14',
    },
    "actor_user_id = 'u-ada' and target_type = 'user' and target_id = 'u-ben' and action in ('user.ban', 'user.create', 'account.export') and organization_id = 'org-a' and created_at >= '2026-01-01Z' and created_at < '2026-01-15Z'",
    [],
  ],
  ['nothing matches', { actorId: 'u-ada', organizationId: 'org-none' }, 'false', []],
];

describe('listAuditEntries filters', () => {
  it.each(cases)('%s: the same entries as plain SQL, newest first', async (_name, filters, where, params) => {
    const want = await expected(where, params);
    expect(await listAll(filters)).toEqual(want);
  });

  it('the cases above are not vacuous: most of them narrow the log to some but not all entries', async () => {
    const all = (await expected('', [])).length;
    expect(all).toBe(84);
    const sizes = await Promise.all(
      cases.map(async ([, , where, params]) => (await expected(where, params)).length),
    );
    expect(sizes.filter((size) => size > 0 && size < all).length).toBeGreaterThanOrEqual(cases.length - 4);
  });

  it('shows each entry’s address and counts what matches', async () => {
    const page = await listAuditEntries({ group: 'sessions', limit: 5 }, db);
    expect(page.items[0]?.ip).toMatch(/^10\.0\.0\.\d+$/);
    expect(page.total).toBe((await expected("action = 'session.revoke'", [])).length);
  });
});
