import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/features/audit/data.server';
import { auditLog, member, organization, team, user } from '@/server/db/schema/index';
import { notSigningInOrOut } from '@/test/audit';
import { createTestAuth, type TestAuth } from '@/test/auth';

// Every organization change made through better-auth's routes writes exactly one audit entry: who acted,
// in which organization, on what (the roles × statements table in rules.integration.test.ts checks the
// owner's and admin's changes; this file the others, and what the activity lists read).
let t: TestAuth;
let counter = 0;
const unique = (label: string) => `${label}-${++counter}`;

beforeAll(async () => {
  t = await createTestAuth();
});
afterAll(async () => {
  await t?.close();
});

type Person = { id: string; email: string; cookie: string };

async function signedIn(label: string, name = label): Promise<Person> {
  const person = await t.signedIn(`${unique(label)}@example.test`);
  await t.db.update(user).set({ name }).where(eq(user.id, person.id));
  return person;
}

const post = (who: { cookie: string }, path: string, body: unknown, ip?: string) =>
  t.request('POST', `/organization/${path}`, body, { cookie: who.cookie, ...(ip ? { ip } : {}) });

async function createOrganization(owner: Person, name = unique('Org')) {
  const created = await post(owner, 'create', { name, slug: name.toLowerCase() });
  expect(created.status, created.text).toBe(200);
  return String(created.body?.id);
}

const entriesOf = (organizationId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));

/** The entries of `organizationId` written by `change`, which must be exactly one. */
async function onlyEntryOf(organizationId: string, change: () => Promise<{ status: number; text: string }>) {
  const before = new Set((await entriesOf(organizationId)).map((entry) => entry.id));
  const answer = await change();
  expect(answer.status, answer.text).toBe(200);
  const added = (await entriesOf(organizationId)).filter((entry) => !before.has(entry.id));
  expect(added).toHaveLength(1);
  return added[0] as typeof auditLog.$inferSelect;
}

async function invite(owner: Person, organizationId: string, email: string, role = 'member') {
  const invited = await post(owner, 'invite-member', { organizationId, email, role });
  expect(invited.status, invited.text).toBe(200);
  return String(invited.body?.id);
}

describe('organization audit entries', () => {
  it('creating an organization: the creator, the organization named, the client address', async () => {
    const owner = await signedIn('creator', 'Cora Creator');
    const name = unique('Created');
    const created = await post(owner, 'create', { name, slug: name.toLowerCase() }, '10.9.8.7');
    expect(created.status, created.text).toBe(200);
    const organizationId = String(created.body?.id);
    const entries = await entriesOf(organizationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'organization.create',
      actorUserId: owner.id,
      organizationId,
      targetType: 'organization',
      targetId: organizationId,
      ip: '10.9.8.7',
      metadata: { label: name, slug: name.toLowerCase() },
    });
  });

  it('renaming one keeps the name before and after', async () => {
    const owner = await signedIn('renamer');
    const organizationId = await createOrganization(owner, 'Before');
    const entry = await onlyEntryOf(organizationId, () =>
      post(owner, 'update', { organizationId, data: { name: 'After' } }),
    );
    expect(entry).toMatchObject({
      action: 'organization.update',
      actorUserId: owner.id,
      targetType: 'organization',
      targetId: organizationId,
      metadata: { label: 'After', from: 'Before', to: 'After', fields: 'name' },
    });
  });

  it('an invitation accepted and one declined are the recipient’s entries, on the invitation', async () => {
    const owner = await signedIn('host', 'Hana Host');
    const organizationId = await createOrganization(owner, 'Hosting');
    const guest = await signedIn('guest');
    const invitationId = await invite(owner, organizationId, guest.email, 'admin');
    const accepted = await onlyEntryOf(organizationId, () =>
      post(guest, 'accept-invitation', { invitationId }),
    );
    expect(accepted).toMatchObject({
      action: 'organization.accept-invitation',
      actorUserId: guest.id,
      targetType: 'invitation',
      targetId: invitationId,
      metadata: { label: guest.email, role: 'admin', organization: 'Hosting' },
    });

    const decliner = await signedIn('decliner');
    const declinedId = await invite(owner, organizationId, decliner.email);
    const declined = await onlyEntryOf(organizationId, () =>
      post(decliner, 'reject-invitation', { invitationId: declinedId }),
    );
    expect(declined).toMatchObject({
      action: 'organization.reject-invitation',
      actorUserId: decliner.id,
      targetType: 'invitation',
      targetId: declinedId,
    });
  });

  it('leaving is told apart from being removed', async () => {
    const owner = await signedIn('remover');
    const organizationId = await createOrganization(owner, 'Comings');
    const leaver = await signedIn('leaver', 'Lee Leaver');
    const removed = await signedIn('removed', 'Rae Removed');
    for (const person of [leaver, removed]) {
      await post(person, 'accept-invitation', {
        invitationId: await invite(owner, organizationId, person.email),
      });
    }
    const left = await onlyEntryOf(organizationId, () => post(leaver, 'leave', { organizationId }));
    expect(left).toMatchObject({
      action: 'organization.leave',
      actorUserId: leaver.id,
      targetType: 'user',
      targetId: leaver.id,
      metadata: { label: 'Lee Leaver', role: 'member', organization: 'Comings' },
    });

    const [row] = await t.db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, removed.id)));
    const removal = await onlyEntryOf(organizationId, () =>
      post(owner, 'remove-member', { organizationId, memberIdOrEmail: row?.id }),
    );
    expect(removal).toMatchObject({
      action: 'organization.remove-member',
      actorUserId: owner.id,
      targetType: 'user',
      targetId: removed.id,
      metadata: { label: 'Rae Removed', role: 'member' },
    });
  });

  it('team changes name the team; a member taken out of one is the target', async () => {
    const owner = await signedIn('captain');
    const organizationId = await createOrganization(owner, 'Teams');
    const mate = await signedIn('mate', 'Max Mate');
    await post(mate, 'accept-invitation', { invitationId: await invite(owner, organizationId, mate.email) });
    const created = await onlyEntryOf(organizationId, () =>
      post(owner, 'create-team', { organizationId, name: 'Crew' }),
    );
    const [crew] = await t.db
      .select()
      .from(team)
      .where(and(eq(team.organizationId, organizationId), eq(team.name, 'Crew')));
    expect(created).toMatchObject({
      action: 'organization.create-team',
      targetType: 'team',
      targetId: crew?.id,
      metadata: { label: 'Crew', organization: 'Teams' },
    });
    await post(owner, 'add-team-member', { organizationId, teamId: crew?.id, userId: mate.id });
    const out = await onlyEntryOf(organizationId, () =>
      post(owner, 'remove-team-member', { organizationId, teamId: crew?.id, userId: mate.id }),
    );
    expect(out).toMatchObject({
      action: 'organization.remove-team-member',
      actorUserId: owner.id,
      targetType: 'user',
      targetId: mate.id,
      metadata: { label: 'Max Mate', team: 'Crew', teamId: crew?.id },
    });
    const removed = await onlyEntryOf(organizationId, () =>
      post(owner, 'remove-team', { organizationId, teamId: crew?.id }),
    );
    expect(removed).toMatchObject({
      action: 'organization.delete-team',
      targetType: 'team',
      targetId: crew?.id,
      metadata: { label: 'Crew' },
    });
  });

  it('a refused change writes nothing', async () => {
    const owner = await signedIn('lonely');
    const organizationId = await createOrganization(owner);
    const before = await entriesOf(organizationId);
    const refused = await post(owner, 'leave', { organizationId });
    expect(refused.body?.code).toBe('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    expect(await entriesOf(organizationId)).toEqual(before);
  });

  it('a change made during an impersonation is the admin’s, acting as the user, and only one entry', async () => {
    const first = await signedIn('platform-admin', 'Sam Support');
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, first.id));
    const admin = await t.signedIn(first.email);
    const target = await signedIn('ivy', 'Ivy User');
    const started = await t.request(
      'POST',
      '/admin/impersonate-user',
      { userId: target.id },
      { cookie: admin.cookie },
    );
    expect(started.status, started.text).toBe(200);
    const jar = new Map<string, string>();
    for (const pair of started.headers.getSetCookie().map((line) => line.split(';')[0] ?? '')) {
      const at = pair.indexOf('=');
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair);
    }
    const asIvy = { cookie: [...jar.values()].join('; ') };

    const name = unique('Made as Ivy');
    const created = await post(asIvy, 'create', { name, slug: name.toLowerCase().replaceAll(' ', '-') });
    expect(created.status, created.text).toBe(200);
    const organizationId = String(created.body?.id);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.id), notSigningInOrOut));
    const made = entries.filter((entry) => entry.action !== 'user.impersonate');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      action: 'organization.create',
      organizationId,
      metadata: { actingAs: target.id, actingAsLabel: 'Ivy User', label: name },
    });
  });
});

describe('the activity lists', () => {
  it("an organization's lists its changes newest first in keyset pages; a user's includes theirs", async () => {
    const owner = await signedIn('historian');
    const organizationId = await createOrganization(owner, 'History');
    for (const name of ['One', 'Two', 'Three']) {
      expect((await post(owner, 'update', { organizationId, data: { name } })).status).toBe(200);
    }
    // Another organization's changes are not its.
    await createOrganization(owner, 'Elsewhere');

    const first = await listAuditEntries({ organizationId, limit: 2 }, t.db);
    expect(first.items.map((entry) => [entry.action, entry.targetLabel])).toEqual([
      ['organization.update', 'Three'],
      ['organization.update', 'Two'],
    ]);
    expect(first.total).toBe(4);
    const second = await listAuditEntries(
      { organizationId, limit: 2, cursor: first.nextCursor ?? undefined },
      t.db,
    );
    expect(second.items.map((entry) => [entry.action, entry.targetLabel])).toEqual([
      ['organization.update', 'One'],
      ['organization.create', 'History'],
    ]);
    expect(second.nextCursor).toBeNull();
    expect(first.items[0]?.actor).toEqual({ id: owner.id, name: 'historian' });

    const mine = await listAuditEntries({ userId: owner.id, limit: 10 }, t.db);
    // Their sign-in is in their activity too; the organization changes are these, newest first.
    expect(mine.items.at(-1)?.action).toBe('account.sign-in');
    const changes = mine.items.filter((entry) => entry.action !== 'account.sign-in');
    expect(changes.map((entry) => entry.targetLabel)).toEqual([
      'Elsewhere',
      'Three',
      'Two',
      'One',
      'History',
    ]);
    // A deleted organization's trail stays readable by its id.
    await t.db.delete(organization).where(eq(organization.id, organizationId));
    expect((await listAuditEntries({ organizationId, limit: 10 }, t.db)).total).toBe(4);
  });
});
