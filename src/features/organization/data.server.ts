import '@tanstack/react-start/server-only';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  ne,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { invitation, member, organization, team, teamMember, user } from '@/server/db/schema/index';
import type { InvitationView, MyOrganization, OrganizationPerson, TeamsView } from './schema';

/** The user's membership of an organization (their role there), if they are a member. */
export async function findMembership(
  organizationId: string,
  userId: string,
  db?: Database,
): Promise<{ role: string } | undefined> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  return row;
}

/** The organization the user joined first, or null when they belong to none. */
export async function firstOrganizationOf(userId: string, db?: Database): Promise<string | null> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ id: member.organizationId })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(1);
  return row?.id ?? null;
}

/** How many organizations the user owns (the limit on creating more counts these). */
export async function countOwnedOrganizations(userId: string, db?: Database): Promise<number> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.role, 'owner')));
  return row?.n ?? 0;
}

/** A member row whose role (one name, or several separated by commas) includes owner. */
const ownsIt = (role: AnyColumn) => sql`'owner' = any(string_to_array(${role}, ','))`;

/**
 * The organizations the user is the only owner of while others still belong to them, by name: deleting
 * the user would leave those without an owner.
 */
export async function listSoleOwnedWithMembers(userId: string, db?: Database): Promise<string[]> {
  const executor = db ?? (await getDb());
  const other = alias(member, 'other');
  const othersThere = (also?: SQL) =>
    executor
      .select({ one: sql`1` })
      .from(other)
      .where(and(eq(other.organizationId, member.organizationId), ne(other.userId, userId), also));
  const rows = await executor
    .select({ name: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(
      and(
        eq(member.userId, userId),
        ownsIt(member.role),
        exists(othersThere()),
        notExists(othersThere(ownsIt(other.role))),
      ),
    )
    .orderBy(asc(organization.name));
  return rows.map((row) => row.name);
}

/** The organizations the user is the only member of (their own workspace, say), by id. */
export async function listOnlyMemberOf(userId: string, db?: Database): Promise<string[]> {
  const executor = db ?? (await getDb());
  const other = alias(member, 'other');
  const rows = await executor
    .select({ id: member.organizationId })
    .from(member)
    .where(
      and(
        eq(member.userId, userId),
        notExists(
          executor
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.organizationId, member.organizationId), ne(other.userId, userId))),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** The organizations the user belongs to, by name, with their role in each. */
export async function listMyOrganizations(userId: string, db?: Database): Promise<MyOrganization[]> {
  const executor = db ?? (await getDb());
  return executor
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id));
}

/** Organizations by name, for a form that asks for one (the manager's "New repository"). */
export async function listOrganizationChoices(limit: number, db?: Database) {
  const executor = db ?? (await getDb());
  return executor
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .orderBy(asc(organization.name), asc(organization.id))
    .limit(limit);
}

/**
 * An invitation as its link's page shows it, with why it can no longer be accepted, if so; undefined when
 * there is no such invitation.
 */
export async function findInvitationView(id: string, db?: Database): Promise<InvitationView | undefined> {
  const executor = db ?? (await getDb());
  const [row] = await executor
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      inviterId: invitation.inviterId,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id))
    .limit(1);
  if (!row) return undefined;
  const inviterStillMember = Boolean(await findMembership(row.organizationId, row.inviterId, executor));
  return {
    id: row.id,
    organizationName: row.organizationName,
    inviterName: row.inviterName,
    email: row.email,
    role: row.role ?? 'member',
    expiresAt: row.expiresAt.toISOString(),
    problem: invitationProblem(row.status, row.expiresAt, inviterStillMember),
  };
}

function invitationProblem(
  status: string,
  expiresAt: Date,
  inviterStillMember: boolean,
): InvitationView['problem'] {
  if (status === 'accepted') return 'ACCEPTED';
  if (status === 'rejected') return 'REJECTED';
  if (status === 'canceled') return 'CANCELED';
  if (expiresAt.getTime() <= Date.now()) return 'EXPIRED';
  if (!inviterStillMember) return 'INVITER_IS_NO_LONGER_A_MEMBER';
  return null;
}

/**
 * The organization's teams by name, each with its members (by name), and every member of the
 * organization (the people a team may take). Only the given organization's: a team and its members are
 * read through the team's organization id, never by a team id alone.
 */
export async function listTeams(organizationId: string, db?: Database): Promise<TeamsView> {
  const executor = db ?? (await getDb());
  const person = { userId: user.id, name: user.name, email: user.email, image: user.image };
  const [teams, members] = await Promise.all([
    executor
      .select({ id: team.id, name: team.name })
      .from(team)
      .where(eq(team.organizationId, organizationId))
      .orderBy(asc(team.name), asc(team.id)),
    executor
      .select(person)
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, organizationId))
      .orderBy(asc(user.name), asc(user.id)),
  ]);
  const teamIds = teams.map((row) => row.id);
  const placements = teamIds.length
    ? await executor
        .select({ teamId: teamMember.teamId, ...person })
        .from(teamMember)
        .innerJoin(team, eq(team.id, teamMember.teamId))
        .innerJoin(user, eq(user.id, teamMember.userId))
        .where(and(eq(team.organizationId, organizationId), inArray(teamMember.teamId, teamIds)))
        .orderBy(asc(user.name), asc(user.id))
    : [];
  const byTeam = new Map<string, OrganizationPerson[]>(teamIds.map((id) => [id, []]));
  for (const { teamId, ...rest } of placements) byTeam.get(teamId)?.push(rest);
  return { teams: teams.map((row) => ({ ...row, members: byTeam.get(row.id) ?? [] })), members };
}
