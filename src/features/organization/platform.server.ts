import '@tanstack/react-start/server-only';
import { appConfig } from '~/app.config';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { recordAudit } from '@/features/audit/record.server';
import { endSubscriptionOf } from '@/features/billing/lifecycle.server';
import { SUBSCRIBED_STATUSES } from '@/features/billing/schema';
import type { ListPage } from '@/lib/list';
import type { Database } from '@/server/db/client';
import { getDb } from '@/server/db/database';
import { containsPattern, countUpTo, keysetPage, type SortKey } from '@/server/db/list';
import {
  invitation,
  member,
  organization,
  organizationBilling,
  repository,
  session,
  team,
  teamMember,
  user,
} from '@/server/db/schema/index';
import type { OrganizationListItem, OrganizationOverview } from './schema';
import type { OrganizationListView } from './search';

// The platform's view of organizations (the manager area): every organization, whoever asks. The caller's
// permission is checked by the server functions; nothing here is scoped to a membership.

/** A timestamp as JSON's ISO 8601 text, whatever the server's DateStyle. */
const iso = (column: PgColumn) => sql<string>`to_json(${column}) #>> '{}'`;

// Spelled out: drizzle prints a single-table select's columns unqualified, and a bare "id" inside the
// subqueries would mean the member's or the repository's id. Each count walks an index that starts with
// organization_id (the membership's unique index, the repositories' (organization_id, created_at, id)).
const memberCount = sql<number>`(select count(*)::int from ${member}
  where ${member.organizationId} = "organization"."id")`;
const repositoryCount = sql<number>`(select count(*)::int from ${repository}
  where ${repository.organizationId} = "organization"."id")`;

/** The name and slug searches use their trigram indexes; `%` and `_` match themselves. */
function searchFilter(searchTerm: string): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = containsPattern(searchTerm);
  return or(ilike(organization.name, pattern), ilike(organization.slug, pattern));
}

/**
 * Organizations on `plan`: a paid one's have a subscription on it in a subscribed status; the free plan's
 * are all the others (no subscription, or one that ended).
 */
function planFilter(plan: string): SQL | undefined {
  if (!plan) return undefined;
  const paid = (condition?: SQL) => sql`exists (select 1 from ${organizationBilling}
    where ${and(
      sql`${organizationBilling.organizationId} = "organization"."id"`,
      inArray(organizationBilling.status, [...SUBSCRIBED_STATUSES]),
      condition,
    )})`;
  return plan === appConfig.billing.plans[0].id
    ? sql`not ${paid()}`
    : paid(eq(organizationBilling.plan, plan));
}

function organizationListFilter(view: Pick<OrganizationListView, 'searchTerm' | 'plan'>): SQL | undefined {
  return and(searchFilter(view.searchTerm), planFilter(view.plan));
}

function sortKeyOf(sort: OrganizationListView['sort']): SortKey {
  if (sort === 'name') return { column: organization.name, kind: 'text', id: organization.id };
  return { createdAt: organization.createdAt, id: organization.id };
}

/** One page of organizations for a list view, each with its member and repository counts. */
export async function listOrganizations(
  query: OrganizationListView & { cursor?: string | undefined; limit: number },
  db?: Database,
): Promise<ListPage<OrganizationListItem>> {
  const executor = db ?? (await getDb());
  return keysetPage({
    sortKey: sortKeyOf(query.sort),
    direction: query.order,
    filter: organizationListFilter(query),
    cursor: query.cursor,
    limit: query.limit,
    fetchRows: ({ where, orderBy, limit, cursorAt }) =>
      executor
        .select({
          id: organization.id,
          name: organization.name,
          slug: organization.slug,
          memberCount,
          repositoryCount,
          createdAt: iso(organization.createdAt),
          cursorAt,
        })
        .from(organization)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countRows: (where, limit) =>
      countUpTo(executor, organization, where, limit, { search: Boolean(query.searchTerm) }),
    totalCap: query.searchTerm ? appConfig.pagination.searchTotalCap : undefined,
  });
}

/**
 * The organization with this id as the manager's page (and, for its own members, the organization screen)
 * shows it, or null: its members (owners first, then
 * by the date they joined), its pending invitations (soonest to expire first), its teams by name and how
 * many repositories it has. An organization has at most `appConfig.organizations.maxMembers` members and
 * `maxTeams` teams, so each list is whole.
 */
export async function findOrganizationOverview(
  id: string,
  db?: Database,
): Promise<OrganizationOverview | null> {
  const executor = db ?? (await getDb());
  const [found] = await executor
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      createdAt: iso(organization.createdAt),
      repositoryCount,
    })
    .from(organization)
    .where(eq(organization.id, id));
  if (!found) return null;
  const roleRank = sql`case ${member.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;
  const [members, invitations, teams] = await Promise.all([
    executor
      .select({
        memberId: member.id,
        userId: member.userId,
        name: user.name,
        email: user.email,
        image: user.image,
        role: member.role,
        joinedAt: iso(member.createdAt),
      })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, id))
      .orderBy(roleRank, asc(member.createdAt), asc(member.id)),
    executor
      .select({
        id: invitation.id,
        email: invitation.email,
        role: sql<string>`coalesce(${invitation.role}, 'member')`,
        inviterName: user.name,
        expiresAt: iso(invitation.expiresAt),
      })
      .from(invitation)
      .leftJoin(user, eq(user.id, invitation.inviterId))
      .where(and(eq(invitation.organizationId, id), eq(invitation.status, 'pending')))
      .orderBy(asc(invitation.expiresAt), asc(invitation.id))
      .limit(appConfig.organizations.maxMembers),
    executor
      .select({
        id: team.id,
        name: team.name,
        // "team"."id" spelled out, as above.
        memberCount: sql<number>`(select count(*)::int from ${teamMember}
          where ${teamMember.teamId} = "team"."id")`,
      })
      .from(team)
      .where(eq(team.organizationId, id))
      .orderBy(asc(team.name), asc(team.id)),
  ]);
  return { ...found, members, invitations, teams };
}

/** Who deletes an organization, for the audit log. */
export type Actor = { userId: string; ip: string | null };

/**
 * Deletes the organization and, by cascade, its members, teams, invitations and repositories, with its
 * audit entry, in one transaction, once its subscription (billing on) has ended at Stripe. Sessions
 * working in it lose it as their active organization (the app area then gives them another). Null when
 * the id matches none.
 */
export async function deleteOrganization(
  id: string,
  actor: Actor,
  db?: Database,
): Promise<{ id: string; name: string } | null> {
  const executor = db ?? (await getDb());
  await endSubscriptionOf(id, executor);
  return executor.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(organization)
      .where(eq(organization.id, id))
      .returning({ id: organization.id, name: organization.name });
    if (!deleted) return null;
    await tx
      .update(session)
      // updated_at kept: this is no activity of theirs (the dashboard counts sessions used lately).
      .set({ activeOrganizationId: null, activeTeamId: null, updatedAt: sql`${session.updatedAt}` })
      .where(eq(session.activeOrganizationId, id));
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'organization.delete',
        target: { type: 'organization', id: deleted.id, label: deleted.name },
        organizationId: deleted.id,
        ip: actor.ip,
      },
      tx,
    );
    return deleted;
  });
}
