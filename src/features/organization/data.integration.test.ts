import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { invitation, member, organization, team, teamMember, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { findInvitationView, listTeams } from './data.server';

let testDb: TestDatabase;
let db: Database;

const person = (id: string, name: string) => ({ userId: id, name, email: `${id}@example.com`, image: null });

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.handle.db;
  await db.insert(user).values(
    [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cleo', 'Cleo'],
      ['dan', 'Dan'],
    ].map(([id, name]) => ({ id: id as string, name: name as string, email: `${id}@example.com` })),
  );
  await db.insert(organization).values([
    { id: 'acme', name: 'Acme', slug: 'acme' },
    { id: 'globex', name: 'Globex', slug: 'globex' },
    { id: 'empty', name: 'Empty', slug: 'empty' },
  ]);
  await db.insert(member).values([
    { id: 'm1', organizationId: 'acme', userId: 'ada', role: 'owner' },
    { id: 'm2', organizationId: 'acme', userId: 'bob', role: 'member' },
    { id: 'm3', organizationId: 'globex', userId: 'cleo', role: 'owner' },
    // Dan belongs to both: Globex's teams must not show through his Acme membership.
    { id: 'm4', organizationId: 'acme', userId: 'dan', role: 'member' },
    { id: 'm5', organizationId: 'globex', userId: 'dan', role: 'member' },
  ]);
  await db.insert(team).values([
    { id: 'acme-eng', name: 'Engineering', organizationId: 'acme' },
    { id: 'acme-design', name: 'Design', organizationId: 'acme' },
    { id: 'globex-ops', name: 'Operations', organizationId: 'globex' },
  ]);
  await db.insert(teamMember).values([
    { id: 't1', teamId: 'acme-eng', userId: 'bob' },
    { id: 't2', teamId: 'acme-eng', userId: 'ada' },
    { id: 't3', teamId: 'globex-ops', userId: 'dan' },
    { id: 't4', teamId: 'globex-ops', userId: 'cleo' },
  ]);
});
afterAll(() => testDb?.cleanup());

describe('listTeams', () => {
  it("gives the organization's teams by name with their members by name, and its members", async () => {
    expect(await listTeams('acme', db)).toEqual({
      teams: [
        { id: 'acme-design', name: 'Design', members: [] },
        { id: 'acme-eng', name: 'Engineering', members: [person('ada', 'Ada'), person('bob', 'Bob')] },
      ],
      members: [person('ada', 'Ada'), person('bob', 'Bob'), person('dan', 'Dan')],
    });
  });

  it("never shows another organization's teams or members", async () => {
    const globex = await listTeams('globex', db);
    expect(globex.teams).toEqual([
      { id: 'globex-ops', name: 'Operations', members: [person('cleo', 'Cleo'), person('dan', 'Dan')] },
    ]);
    expect(globex.members.map((item) => item.userId)).toEqual(['cleo', 'dan']);
    expect(await listTeams('empty', db)).toEqual({ teams: [], members: [] });
    expect(await listTeams('no-such-organization', db)).toEqual({ teams: [], members: [] });
  });
});

describe('findInvitationView', () => {
  const future = () => new Date(Date.now() + 3_600_000);
  const invite = async (id: string, values: Partial<typeof invitation.$inferInsert> = {}) => {
    await db.insert(invitation).values({
      id,
      organizationId: 'acme',
      email: 'new@example.com',
      role: 'admin',
      status: 'pending',
      expiresAt: future(),
      inviterId: 'ada',
      ...values,
    });
    return findInvitationView(id, db);
  };

  it('shows a pending invitation with its organization, inviter, role and expiry, and no problem', async () => {
    const expiresAt = future();
    expect(await invite('pending', { expiresAt })).toEqual({
      id: 'pending',
      organizationName: 'Acme',
      inviterName: 'Ada',
      email: 'new@example.com',
      role: 'admin',
      expiresAt: expiresAt.toISOString(),
      problem: null,
    });
  });

  it('says why an invitation can no longer be accepted', async () => {
    expect((await invite('accepted', { status: 'accepted' }))?.problem).toBe('ACCEPTED');
    expect((await invite('rejected', { status: 'rejected' }))?.problem).toBe('REJECTED');
    expect((await invite('canceled', { status: 'canceled' }))?.problem).toBe('CANCELED');
    expect((await invite('expired', { expiresAt: new Date(Date.now() - 1000) }))?.problem).toBe('EXPIRED');
    // Bob invited, then left: his invitation goes with his membership.
    await invite('orphan', { inviterId: 'bob' });
    await db.delete(member).where(eq(member.id, 'm2'));
    expect((await findInvitationView('orphan', db))?.problem).toBe('INVITER_IS_NO_LONGER_A_MEMBER');
  });

  it('finds nothing for an unknown id', async () => {
    expect(await findInvitationView('no-such-invitation', db)).toBeUndefined();
  });
});
