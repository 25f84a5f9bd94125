import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { organization, repository, session, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { getDashboardFigures } from './data.server';

let testDb: TestDatabase;
let db: Database;

// A fixed instant late in a UTC day, so "today" and the 30-day window are known exactly.
const now = new Date('2026-03-15T22:30:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);

let nextId = 0;
function newUser(createdAt: Date, ban?: { expires: Date | null }) {
  nextId += 1;
  return {
    id: `u${nextId}`,
    name: `User ${nextId}`,
    email: `user${nextId}@example.test`,
    createdAt,
    updatedAt: createdAt,
    banned: ban !== undefined,
    banExpires: ban?.expires ?? null,
  };
}

function newSession(userId: string, updatedAt: Date, impersonatedBy: string | null = null) {
  nextId += 1;
  return {
    id: `s${nextId}`,
    token: `token-${nextId}`,
    userId,
    createdAt: updatedAt,
    updatedAt,
    expiresAt: new Date(now.getTime() + 86_400_000),
    impersonatedBy,
  };
}

const users = [
  newUser(hoursAgo(1)), // today, 22:30 - 1 h → 2026-03-15
  newUser(hoursAgo(2)), // today
  newUser(daysAgo(3)), // 2026-03-12
  newUser(daysAgo(6.9)), // within 7 days → 2026-03-09
  newUser(daysAgo(8)), // 2026-03-07, not new
  newUser(daysAgo(29)), // 2026-02-14: the first day of the window
  newUser(daysAgo(31)), // before the window
  newUser(daysAgo(100), { expires: null }), // banned for good
  newUser(daysAgo(100), { expires: new Date(now.getTime() + 3_600_000) }), // ban still in force
  newUser(daysAgo(100), { expires: hoursAgo(1) }), // ban expired: not banned any more
  newUser(new Date(now.getTime() + 3_600_000)), // created after `now`: not counted as new
];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await db.insert(user).values(users);
  const [a, b, c, d] = users.map((u) => u.id);
  await db.insert(session).values([
    newSession(a ?? '', hoursAgo(1)),
    newSession(a ?? '', hoursAgo(3)), // the same user twice: counted once
    newSession(b ?? '', hoursAgo(23)),
    newSession(c ?? '', hoursAgo(25)), // older than 24 h
    newSession(d ?? '', hoursAgo(2), 'u1'), // an admin impersonating: not the user's activity
  ]);
  await db.insert(organization).values([
    { id: 'org', name: 'Org', slug: 'org' },
    { id: 'empty-org', name: 'Empty', slug: 'empty' },
  ]);
  await db.insert(repository).values([
    { organizationId: 'org', name: 'one', link: 'https://one.example' },
    { organizationId: 'org', name: 'two', link: 'https://two.example' },
    { organizationId: 'org', name: 'three', link: 'https://three.example' },
  ]);
});
afterAll(() => testDb?.cleanup());

describe('getDashboardFigures', () => {
  it('counts users, new users, active users, bans in force, repositories and organizations', async () => {
    const figures = await getDashboardFigures(now, db);
    expect(figures).toMatchObject({
      totalUsers: users.length,
      newUsers: 4,
      activeUsers: 2,
      bannedUsers: 2,
      repositories: 3,
      organizations: 2,
      estimated: { totalUsers: false, repositories: false, organizations: false },
    });
  });

  it('gives 30 UTC days ending today, zero-filled, with sign-ups on their days', async () => {
    const { signups } = await getDashboardFigures(now, db);
    expect(signups).toHaveLength(30);
    expect(signups[0]?.date).toBe('2026-02-14');
    expect(signups.at(-1)?.date).toBe('2026-03-15');
    // Consecutive days, no gaps.
    const dates = signups.map((day) => Date.parse(`${day.date}T00:00:00Z`));
    expect(dates.slice(1).map((date, i) => date - (dates[i] ?? 0))).toEqual(Array(29).fill(86_400_000));
    const nonZero = Object.fromEntries(signups.filter((day) => day.count > 0).map((d) => [d.date, d.count]));
    expect(nonZero).toEqual({
      '2026-02-14': 1,
      '2026-03-07': 1,
      '2026-03-09': 1,
      '2026-03-12': 1,
      '2026-03-15': 2,
    });
    expect(signups.filter((day) => day.count === 0)).toHaveLength(25);
  });

  it('measures against the given instant: nothing yet at an earlier one', async () => {
    const empty = await getDashboardFigures(new Date('2020-01-01T00:00:00Z'), db);
    expect(empty.newUsers).toBe(0);
    expect(empty.activeUsers).toBe(0);
    expect(empty.signups.every((day) => day.count === 0)).toBe(true);
    expect(empty.signups).toHaveLength(30);
  });

  it('counts exactly below the threshold, and before the tables were ever analysed whatever the threshold', async () => {
    const exact = { totalUsers: users.length, repositories: 3, organizations: 2 };
    const none = { totalUsers: false, repositories: false, organizations: false };
    expect(await getDashboardFigures(now, db, { estimateAbove: 1000 })).toMatchObject({
      ...exact,
      estimated: none,
    });
    // No ANALYZE yet: the planner knows no row count (-1) or none but 0, so nothing is estimated.
    expect(await getDashboardFigures(now, db, { estimateAbove: 0 })).toMatchObject({
      ...exact,
      estimated: none,
    });
    expect(await getDashboardFigures(now, db, { estimateAbove: Infinity })).toMatchObject({
      ...exact,
      estimated: none,
    });
  });

  // Last: it analyses the tables and deletes a user.
  it('above the threshold, once analysed, gives the estimate and says so; windowed figures stay exact', async () => {
    await db.execute(sql`analyze "user"`);
    await db.execute(sql`analyze repository`);
    await db.execute(sql`analyze organization`);
    // 11 users are above 5, 3 repositories and 2 organizations are not.
    const windowed = { newUsers: 4, activeUsers: 2, bannedUsers: 2 };
    expect(await getDashboardFigures(now, db, { estimateAbove: 5 })).toMatchObject({
      totalUsers: users.length,
      repositories: 3,
      organizations: 2,
      ...windowed,
      estimated: { totalUsers: true, repositories: false, organizations: false },
    });
    // A user deleted after the analysis: the estimate still counts the row, an exact count does not.
    await db.delete(user).where(eq(user.id, users.at(-1)?.id ?? ''));
    const estimated = await getDashboardFigures(now, db, { estimateAbove: 2 });
    expect(estimated).toMatchObject({
      totalUsers: users.length,
      repositories: 3,
      organizations: 2,
      ...windowed,
      estimated: { totalUsers: true, repositories: true, organizations: false },
    });
    expect(await getDashboardFigures(now, db, { estimateAbove: Infinity })).toMatchObject({
      totalUsers: users.length - 1,
      estimated: { totalUsers: false, repositories: false, organizations: false },
    });
    expect(estimated.signups).toEqual((await getDashboardFigures(now, db)).signups);
  });
});
