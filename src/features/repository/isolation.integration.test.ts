import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireOrganization } from '@/features/organization/middleware';
import type { DatabaseHandle } from '@/server/db/client';
import { auditLog, member, organization, user } from '@/server/db/schema/index';
import { createTestDatabase, type TestDatabase } from '@/test/database';
import { findRepositoryById, listRepositories } from './data.server';
import { changeRepository, createRepository, removeRepository } from './mutations.server';

// The app area's repository functions ($listRepositories, $getRepository, $createRepository,
// $updateRepository, $deleteRepository) each run `requireOrganization` and then the data or mutations
// module with `{ organizationId: context.organization.id }`. This drives that same path: the middleware's
// server step (membership read from the database) gives the scope, and every function's logic runs in it
// with an id from another organization.
let testDb: TestDatabase;
const holder = ((globalThis as { __starterDb?: { handle?: Promise<DatabaseHandle> } }).__starterDb ??= {});

const A = 'org-a';
const B = 'org-b';
const actor = { userId: 'member-a', ip: null };

beforeAll(async () => {
  testDb = await createTestDatabase();
  // The middleware reads memberships through the process-wide database: this one, for this file.
  holder.handle = Promise.resolve(testDb.handle);
  const { db } = testDb.handle;
  await db.insert(user).values([
    { id: 'member-a', name: 'Ann', email: 'ann@example.test', emailVerified: true },
    { id: 'owner-a', name: 'Olga', email: 'olga@example.test', emailVerified: true },
  ]);
  await db.insert(organization).values([
    { id: A, name: 'A', slug: 'a' },
    { id: B, name: 'B', slug: 'b' },
  ]);
  await db.insert(member).values([
    { id: 'm1', organizationId: A, userId: 'member-a', role: 'member' },
    { id: 'm2', organizationId: A, userId: 'owner-a', role: 'owner' },
  ]);
});
afterAll(async () => {
  delete holder.handle;
  await testDb?.cleanup();
});

/** What `requireOrganization(permissions)` hands the handler for a caller whose session is in `active`. */
async function scopeFor(
  userId: string,
  active: string | null,
  permissions?: Parameters<typeof requireOrganization>[0],
) {
  const server = requireOrganization(permissions).options.server;
  if (!server) throw new Error('requireOrganization has no server step');
  let organizationContext: { id: string; role: string } | undefined;
  await server({
    context: { user: { id: userId }, session: { activeOrganizationId: active } },
    serverFnMeta: { filename: 'src/features/repository/functions.ts', name: '$getRepository' },
    next: ((options: { context: { organization: { id: string; role: string } } }) => {
      organizationContext = options.context.organization;
      return Promise.resolve(options);
    }) as never,
  } as never);
  if (!organizationContext) throw new Error('next was not called');
  return { organizationId: organizationContext.id, role: organizationContext.role };
}

describe('repository functions between organizations', () => {
  it("never read, change or delete another organization's repository, and write nothing trying", async () => {
    const { db } = testDb.handle;
    const theirs = await createRepository(
      B,
      { name: 'secret', link: 'https://b.example', description: 'kept' },
      actor,
      db,
    );
    await db.delete(auditLog);

    const scope = await scopeFor('owner-a', A, { repository: ['update'] });
    expect(scope).toEqual({ organizationId: A, role: 'owner' });
    const inA = { organizationId: scope.organizationId };
    // $getRepository, $updateRepository, $deleteRepository with B's id: not found.
    expect(await findRepositoryById(inA, theirs.id, db)).toBeNull();
    expect(
      await changeRepository(
        inA,
        theirs.id,
        { name: 'stolen', link: 'https://a.example', description: null },
        actor,
        db,
      ),
    ).toBeNull();
    expect(await removeRepository(inA, theirs.id, actor, db)).toBe(false);
    // $listRepositories: none of B's, even searched by name.
    const listed = await listRepositories(inA, { searchTerm: 'secret', limit: 50 }, db);
    expect(listed.items).toEqual([]);
    // $createRepository: lands in the scope's organization, whatever B holds.
    const mine = await createRepository(
      inA.organizationId,
      { name: 'secret', link: 'https://a.example', description: null },
      actor,
      db,
    );
    expect(mine.organization.id).toBe(A);

    expect(await findRepositoryById({ organizationId: B }, theirs.id, db)).toEqual(theirs);
    expect((await db.select().from(auditLog)).map((entry) => [entry.action, entry.organizationId])).toEqual([
      ['repository.create', A],
    ]);
  });

  it('refuses a session whose active organization the caller does not belong to, and writes to a member none', async () => {
    // A session pointing at B (a forged or stale active organization) gets no scope at all.
    await expect(scopeFor('member-a', B)).rejects.toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION' });
    await expect(scopeFor('member-a', null)).rejects.toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION' });
    // A plain member reads but may not write (spec §6).
    expect(await scopeFor('member-a', A)).toEqual({ organizationId: A, role: 'member' });
    for (const action of ['create', 'update', 'delete'] as const) {
      await expect(scopeFor('member-a', A, { repository: [action] })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    // Removed a second ago: refused at the next call.
    await testDb.handle.db.delete(member).where(eq(member.id, 'm1'));
    await expect(scopeFor('member-a', A)).rejects.toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION' });
  });
});
