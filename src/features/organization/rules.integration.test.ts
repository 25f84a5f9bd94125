import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from '~/app.config';
import { entities } from '@/entities';
import { organizationGrants } from '@/features/auth/permissions';
import { auditLog, invitation, member, organization, team, teamMember, user } from '@/server/db/schema/index';
import { createTestAuth, type TestAuth } from '@/test/auth';
import { findOrganizationOverview } from './platform.server';
import { activeOrganizationFor } from './rules.server';

// The organization rules of spec §6 and §8 as better-auth's organization plugin enforces them with the
// product's options, through `auth.handler` as the screens call it: what each role may do, the sole owner,
// the limits of app.config.ts, an invitation's expiry, and the active organization.
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

function signedIn(label: string): Promise<Person> {
  return t.signedIn(`${unique(label)}@example.test`);
}

/** A user with no session (someone the signed-in people act on). */
async function someone(label: string): Promise<string> {
  const id = unique(label);
  await t.db.insert(user).values({ id, name: id, email: `${id}@example.test`, emailVerified: true });
  return id;
}

const post = (who: Person, path: string, body: unknown) =>
  t.request('POST', `/organization/${path}`, body, { cookie: who.cookie });

async function createOrganization(owner: Person, name = unique('Org')) {
  const created = await post(owner, 'create', { name, slug: name.toLowerCase() });
  expect(created.status, created.text).toBe(200);
  return String(created.body?.id);
}

async function join(organizationId: string, userId: string, role: string) {
  const id = unique('member');
  await t.db.insert(member).values({ id, organizationId, userId, role });
  return id;
}

async function addTeam(organizationId: string, name = unique('team')) {
  const id = unique('team');
  await t.db.insert(team).values({ id, organizationId, name });
  return id;
}

const membershipOf = async (organizationId: string, userId: string) =>
  (
    await t.db
      .select({ id: member.id, role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
  )[0];

const entriesOf = (organizationId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));

type Role = keyof typeof organizationGrants;
type Grants = Partial<Record<string, readonly string[]>>;
/** Whether `organizationGrants` gives `role` the statement (the one table the product decides from). */
const granted = (role: Role, resource: string, action: string) =>
  ((organizationGrants[role] as Grants)[resource] ?? []).includes(action);

/** One organization with something to act on for every statement. */
type Stage = {
  organizationId: string;
  victimToPromote: { memberId: string; userId: string };
  victimToRemove: { memberId: string; userId: string };
  teamMemberUser: string;
  invitationId: string;
  inviteEmail: string;
  teamToRename: string;
  teamToRemove: string;
};

/**
 * Every statement of spec §6, each attempted through better-auth's own route, with the check that tells
 * whether it happened (the database, not the answer alone).
 */
const attempts: {
  name: string;
  statement: [resource: string, action: string];
  attempt: (actor: Person, stage: Stage) => ReturnType<typeof post>;
  happened: (stage: Stage) => Promise<boolean>;
  action: string;
}[] = [
  {
    name: 'rename the organization',
    statement: ['organization', 'update'],
    attempt: (actor, s) =>
      post(actor, 'update', { organizationId: s.organizationId, data: { name: 'Renamed' } }),
    happened: async (s) =>
      (await t.db.select().from(organization).where(eq(organization.id, s.organizationId)))[0]?.name ===
      'Renamed',
    action: 'organization.update',
  },
  {
    name: 'invite a member',
    statement: ['invitation', 'create'],
    attempt: (actor, s) =>
      post(actor, 'invite-member', {
        organizationId: s.organizationId,
        email: s.inviteEmail,
        role: 'member',
      }),
    happened: async (s) =>
      (await t.db.select().from(invitation).where(eq(invitation.email, s.inviteEmail))).length === 1,
    action: 'organization.invite',
  },
  {
    name: 'cancel an invitation',
    statement: ['invitation', 'cancel'],
    attempt: (actor, s) => post(actor, 'cancel-invitation', { invitationId: s.invitationId }),
    happened: async (s) =>
      (await t.db.select().from(invitation).where(eq(invitation.id, s.invitationId)))[0]?.status ===
      'canceled',
    action: 'organization.cancel-invitation',
  },
  {
    name: "change a member's role",
    statement: ['member', 'update'],
    attempt: (actor, s) =>
      post(actor, 'update-member-role', {
        organizationId: s.organizationId,
        memberId: s.victimToPromote.memberId,
        role: 'admin',
      }),
    happened: async (s) => (await membershipOf(s.organizationId, s.victimToPromote.userId))?.role === 'admin',
    action: 'organization.update-member-role',
  },
  {
    name: 'remove a member',
    statement: ['member', 'delete'],
    attempt: (actor, s) =>
      post(actor, 'remove-member', {
        organizationId: s.organizationId,
        memberIdOrEmail: s.victimToRemove.memberId,
      }),
    happened: async (s) => (await membershipOf(s.organizationId, s.victimToRemove.userId)) === undefined,
    action: 'organization.remove-member',
  },
  {
    name: 'create a team',
    statement: ['team', 'create'],
    attempt: (actor, s) => post(actor, 'create-team', { organizationId: s.organizationId, name: 'New team' }),
    happened: async (s) =>
      (
        await t.db
          .select()
          .from(team)
          .where(and(eq(team.organizationId, s.organizationId), eq(team.name, 'New team')))
      ).length === 1,
    action: 'organization.create-team',
  },
  {
    name: 'rename a team',
    statement: ['team', 'update'],
    attempt: (actor, s) =>
      post(actor, 'update-team', {
        teamId: s.teamToRename,
        data: { name: 'Renamed team', organizationId: s.organizationId },
      }),
    happened: async (s) =>
      (await t.db.select().from(team).where(eq(team.id, s.teamToRename)))[0]?.name === 'Renamed team',
    action: 'organization.update-team',
  },
  {
    name: 'remove a team',
    statement: ['team', 'delete'],
    attempt: (actor, s) =>
      post(actor, 'remove-team', { organizationId: s.organizationId, teamId: s.teamToRemove }),
    happened: async (s) => (await t.db.select().from(team).where(eq(team.id, s.teamToRemove))).length === 0,
    action: 'organization.delete-team',
  },
  {
    // better-auth asks for member:update to put a member in a team.
    name: 'add a member to a team',
    statement: ['member', 'update'],
    attempt: (actor, s) =>
      post(actor, 'add-team-member', {
        organizationId: s.organizationId,
        teamId: s.teamToRename,
        userId: s.teamMemberUser,
      }),
    happened: async (s) =>
      (
        await t.db
          .select()
          .from(teamMember)
          .where(and(eq(teamMember.teamId, s.teamToRename), eq(teamMember.userId, s.teamMemberUser)))
      ).length === 1,
    action: 'organization.add-team-member',
  },
  {
    // Last but one: it deletes everything the others act on.
    name: 'delete the organization',
    statement: ['organization', 'delete'],
    attempt: (actor, s) => post(actor, 'delete', { organizationId: s.organizationId }),
    happened: async (s) =>
      (await t.db.select().from(organization).where(eq(organization.id, s.organizationId))).length === 0,
    action: 'organization.delete',
  },
];

describe('what each organization role may do (spec §6, from organizationGrants)', () => {
  let founder: Person;
  const actors = {} as Record<Role, Person>;

  beforeAll(async () => {
    founder = await signedIn('founder');
    actors.owner = founder;
    actors.admin = await signedIn('org-admin');
    actors.member = await signedIn('org-member');
  });

  async function stage(role: Role): Promise<Stage> {
    const organizationId = await createOrganization(founder);
    if (role !== 'owner') await join(organizationId, actors[role].id, role);
    const promoted = await someone('promoted');
    const removed = await someone('removed');
    const teamMemberUser = await someone('teammate');
    await join(organizationId, teamMemberUser, 'member');
    const invitationId = unique('invitation');
    await t.db.insert(invitation).values({
      id: invitationId,
      organizationId,
      email: `pending-${invitationId}@example.test`,
      role: 'member',
      status: 'pending',
      expiresAt: new Date(Date.now() + 3_600_000),
      inviterId: founder.id,
    });
    return {
      organizationId,
      victimToPromote: { memberId: await join(organizationId, promoted, 'member'), userId: promoted },
      victimToRemove: { memberId: await join(organizationId, removed, 'member'), userId: removed },
      teamMemberUser,
      invitationId,
      inviteEmail: `${unique('invited')}@example.test`,
      teamToRename: await addTeam(organizationId),
      teamToRemove: await addTeam(organizationId),
    };
  }

  for (const role of ['owner', 'admin', 'member'] as const) {
    it(`${role}: exactly the granted statements succeed, each audited once; the others change nothing`, async () => {
      const s = await stage(role);
      const actor = actors[role];
      for (const { name, statement, attempt, happened, action } of attempts) {
        const allowed = granted(role, ...statement);
        const before = (await entriesOf(s.organizationId)).length;
        const answer = await attempt(actor, s);
        expect([name, answer.status], answer.text).toEqual([name, allowed ? 200 : expect.any(Number)]);
        expect([name, await happened(s)]).toEqual([name, allowed]);
        const entries = await entriesOf(s.organizationId);
        if (!allowed) {
          expect(answer.status).not.toBe(200);
          expect(String(answer.body?.code)).toMatch(/^YOU_ARE_NOT_ALLOWED_TO_/);
          expect([name, entries.length]).toEqual([name, before]);
          continue;
        }
        expect([name, entries.length]).toEqual([name, before + 1]);
        const newest = entries.find((entry) => entry.action === action);
        expect(newest, name).toMatchObject({ actorUserId: actor.id, organizationId: s.organizationId });
      }
      // The table is complete: every statement of better-auth's resources was attempted. The registry's
      // entities (repositories…) are the product's (their own tests); member:create guards better-auth's
      // server-only addMember, which no route serves: members join by invitation.
      const attempted = new Set([...attempts.map((a) => a.statement.join(':')), 'member:create']);
      for (const [resource, actions] of Object.entries(organizationGrants.owner)) {
        if (Object.hasOwn(entities, resource)) continue;
        for (const action of actions) expect(attempted).toContain(`${resource}:${action}`);
      }
    });
  }
});

describe('leaving', () => {
  it('is refused to the sole owner, and allowed once there is a second owner', async () => {
    const owner = await signedIn('sole-owner');
    const organizationId = await createOrganization(owner);
    const refused = await post(owner, 'leave', { organizationId });
    expect([refused.status, refused.body?.code]).toEqual([
      400,
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    ]);
    expect(await membershipOf(organizationId, owner.id)).toMatchObject({ role: 'owner' });

    await join(organizationId, await someone('co-owner'), 'owner');
    const left = await post(owner, 'leave', { organizationId });
    expect(left.status, left.text).toBe(200);
    expect(await membershipOf(organizationId, owner.id)).toBeUndefined();
  });
});

describe('teams', () => {
  it('lets the creator delete any team of a new organization but the last', async () => {
    const owner = await signedIn('team-owner');
    const organizationId = await createOrganization(owner);
    const [defaultTeam] = await t.db.select().from(team).where(eq(team.organizationId, organizationId));
    const extra = await post(owner, 'create-team', { organizationId, name: unique('Design') });
    expect(extra.status, extra.text).toBe(200);

    // The default team first: better-auth would refuse it to a session whose active team it is.
    const removed = await post(owner, 'remove-team', { organizationId, teamId: defaultTeam?.id });
    expect(removed.status, removed.text).toBe(200);
    const last = await post(owner, 'remove-team', { organizationId, teamId: extra.body?.id });
    expect([last.status, last.body?.code]).toEqual([400, 'UNABLE_TO_REMOVE_LAST_TEAM']);
    expect(
      await t.db.select({ id: team.id }).from(team).where(eq(team.organizationId, organizationId)),
    ).toEqual([{ id: extra.body?.id }]);
  });
});

describe('limits from app.config.ts', () => {
  it('refuses an organization beyond those a user may own', async () => {
    const owner = await signedIn('many-owner');
    for (let i = 0; i < appConfig.organizations.maxOwnedPerUser; i += 1) {
      const id = unique('owned');
      await t.db.insert(organization).values({ id, name: id, slug: id });
      await join(id, owner.id, 'owner');
    }
    const name = unique('One too many');
    const refused = await post(owner, 'create', { name, slug: name.toLowerCase().replaceAll(' ', '-') });
    expect([refused.status, refused.body?.code]).toEqual([
      403,
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
    ]);
    expect(await t.db.select().from(organization).where(eq(organization.name, name))).toEqual([]);
  });

  it('refuses a member beyond the membership limit when the invitation is accepted', async () => {
    const owner = await signedIn('full-owner');
    const organizationId = await createOrganization(owner);
    const fillers = Array.from({ length: appConfig.organizations.maxMembers - 1 }, () => unique('filler'));
    await t.db
      .insert(user)
      .values(fillers.map((id) => ({ id, name: id, email: `${id}@example.test`, emailVerified: true })));
    await t.db
      .insert(member)
      .values(fillers.map((userId) => ({ id: `m-${userId}`, organizationId, userId, role: 'member' })));
    const late = await signedIn('late');
    const invited = await post(owner, 'invite-member', { organizationId, email: late.email, role: 'member' });
    expect(invited.status, invited.text).toBe(200);
    const refused = await post(late, 'accept-invitation', { invitationId: invited.body?.id });
    expect([refused.status, refused.body?.code]).toEqual([403, 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED']);
    expect(await membershipOf(organizationId, late.id)).toBeUndefined();
  });

  it('refuses a team beyond the teams limit', async () => {
    const owner = await signedIn('team-owner');
    const organizationId = await createOrganization(owner);
    const existing = await t.db.select().from(team).where(eq(team.organizationId, organizationId));
    for (let i = existing.length; i < appConfig.organizations.maxTeams; i += 1) await addTeam(organizationId);
    const refused = await post(owner, 'create-team', { organizationId, name: 'One team too many' });
    expect([refused.status, refused.body?.code]).toEqual([
      400,
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
    ]);
    expect(await t.db.select().from(team).where(eq(team.organizationId, organizationId))).toHaveLength(
      appConfig.organizations.maxTeams,
    );
  });
});

describe('invitations', () => {
  it('expire after the configured lifetime: one past its expiry cannot be accepted', async () => {
    const owner = await signedIn('inviter');
    const organizationId = await createOrganization(owner);
    const guest = await signedIn('guest');
    const invited = await post(owner, 'invite-member', {
      organizationId,
      email: guest.email,
      role: 'member',
    });
    expect(invited.status, invited.text).toBe(200);
    const invitationId = String(invited.body?.id);
    const [row] = await t.db.select().from(invitation).where(eq(invitation.id, invitationId));
    // The lifetime is app.config.ts's, to the second.
    expect(Math.round(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000)).toBe(
      appConfig.organizations.invitationHours,
    );

    await t.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, invitationId));
    const refused = await post(guest, 'accept-invitation', { invitationId });
    expect([refused.status, refused.body?.code]).toEqual([400, 'INVITATION_NOT_FOUND']);
    expect(await membershipOf(organizationId, guest.id)).toBeUndefined();
  });
});

describe('the active organization', () => {
  it('switches to an organization the user belongs to, and refuses one they do not', async () => {
    const owner = await signedIn('switcher');
    const first = await createOrganization(owner);
    const second = await createOrganization(owner);
    const stranger = await signedIn('stranger');
    const theirs = await createOrganization(stranger);
    const active = async () =>
      ((await t.getSession(owner.cookie)).body?.session as { activeOrganizationId?: string })
        .activeOrganizationId;

    const switched = await post(owner, 'set-active', { organizationId: first });
    expect(switched.status, switched.text).toBe(200);
    expect(await active()).toBe(first);
    expect((await post(owner, 'set-active', { organizationId: second })).status).toBe(200);
    expect(await active()).toBe(second);

    const refused = await post(owner, 'set-active', { organizationId: theirs });
    expect([refused.status, refused.body?.code]).toEqual([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']);
    expect(await active()).toBe(second);
  });

  it('answers another organization and one that does not exist the same, by id or by slug', async () => {
    const owner = await signedIn('prober');
    await createOrganization(owner);
    const stranger = await signedIn('other-owner');
    const name = unique('Hidden');
    const theirs = await createOrganization(stranger, name);
    const answers = [];
    for (const body of [
      { organizationId: theirs },
      { organizationId: 'no-such-organization' },
      { organizationSlug: name.toLowerCase() },
      { organizationSlug: 'no-such-slug' },
    ]) {
      const refused = await post(owner, 'set-active', body);
      answers.push([refused.status, refused.text]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.[0]).toBe(403);
  });
});

describe('pending invitations on the organization screen', () => {
  it('go only to those who may invite: each id is its link’s secret, with the invited address', async () => {
    const owner = await signedIn('inviter');
    const organizationId = await createOrganization(owner);
    const invited = `${unique('invited')}@example.test`;
    const sent = await post(owner, 'invite-member', { email: invited, role: 'member', organizationId });
    expect(sent.status, sent.text).toBe(200);
    const overview = await findOrganizationOverview(organizationId, t.db);
    if (!overview) throw new Error('no organization');
    expect(overview.invitations.map((row) => row.email)).toEqual([invited]);
    for (const role of ['owner', 'admin'])
      expect(activeOrganizationFor(overview, role).invitations, role).toHaveLength(1);
    expect(activeOrganizationFor(overview, 'member')).toMatchObject({ role: 'member', invitations: [] });
  });
});

describe('what organizations and teams store', () => {
  it('refuses a logo, metadata or any field the product does not use, and stores nothing', async () => {
    const owner = await signedIn('fields');
    const id = await createOrganization(owner);
    for (const [path, body] of [
      ['create', { name: 'Logo', slug: unique('logo'), logo: 'https://evil.example/x.png' }],
      ['create', { name: 'Meta', slug: unique('meta'), metadata: { plan: 'enterprise' } }],
      ['update', { organizationId: id, data: { logo: 'https://evil.example/x.png' } }],
      ['update', { organizationId: id, data: { name: 'Fine', metadata: { a: 1 } } }],
    ] as const) {
      const refused = await post(owner, path, body);
      expect([refused.status, refused.body?.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
    }
    const [stored] = await t.db.select().from(organization).where(eq(organization.id, id));
    expect(stored).toMatchObject({ logo: null, metadata: null });
    expect(await t.db.select().from(organization).where(eq(organization.name, 'Logo'))).toEqual([]);
  });

  it('checks a team’s name as the team form does: cleaned, within the limit, direction overrides gone', async () => {
    const owner = await signedIn('teams-names');
    const organizationId = await createOrganization(owner);
    for (const name of ['x'.repeat(20_003), '   ', '\u202e\u202d']) {
      const refused = await post(owner, 'create-team', { name, organizationId });
      expect([refused.status, refused.body?.code]).toEqual([400, 'INVALID_TEAM_NAME']);
    }
    const created = await post(owner, 'create-team', { name: '  Design\u202e team ', organizationId });
    expect(created.status, created.text).toBe(200);
    expect(created.body?.name).toBe('Design team');
    const teamId = String(created.body?.id);
    const renamed = await post(owner, 'update-team', {
      teamId,
      data: { name: 'y'.repeat(appConfig.limits.organizationNameMax + 1), organizationId },
    });
    expect([renamed.status, renamed.body?.code]).toEqual([400, 'INVALID_TEAM_NAME']);
    const [stored] = await t.db.select().from(team).where(eq(team.id, teamId));
    expect(stored?.name).toBe('Design team');
  });
});

describe('deleting the account of an organization’s only owner', () => {
  it('is refused, naming the organizations to hand over, by the user and by an admin', async () => {
    const owner = await signedIn('sole-owner');
    const shared = await createOrganization(owner, unique('Shared'));
    await createOrganization(owner, unique('Alone'));
    await join(shared, await someone('colleague'), 'member');
    const [sharedRow] = await t.db.select().from(organization).where(eq(organization.id, shared));
    const admin = await signedIn('deleting-admin');
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));

    const own = await t.request('POST', '/delete-user', {}, { cookie: owner.cookie });
    const byAdmin = await t.request(
      'POST',
      '/admin/remove-user',
      { userId: owner.id },
      { cookie: admin.cookie },
    );
    for (const refused of [own, byAdmin]) {
      expect([refused.status, refused.body?.code]).toEqual([
        400,
        'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
      ]);
      // Only the organization others still belong to: the one of their own goes with them.
      expect(refused.body?.organizations).toEqual([sharedRow?.name]);
    }
    expect(await t.db.select().from(user).where(eq(user.id, owner.id))).toHaveLength(1);
    expect((await t.getSession(owner.cookie)).body).not.toBeNull();

    // A second owner, and the account may go.
    await join(shared, await someone('second-owner'), 'owner');
    const deleted = await t.request('POST', '/delete-user', {}, { cookie: owner.cookie });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.id, owner.id))).toEqual([]);
  });
});
