import '@tanstack/react-start/server-only';
import { eq } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { recordAudit } from '@/features/audit/record.server';
import { queueSeatSync } from '@/features/billing/seats.server';
import type { AuditAction, AuditMetadata, AuditTargetType } from '@/features/audit/schema';
import { type AuthHookContext, hookClientIp } from '@/server/auth/hooks';
import type { Database } from '@/server/db/client';
import { member, organization, team, user } from '@/server/db/schema/index';

// Every organization change better-auth makes writes one audit entry. The plugin's `organizationHooks`
// are not enough for that: they get no request (so neither the signed-in actor nor an impersonation nor
// the client address), and /organization/leave calls none. So the entry is written from better-auth's
// route hooks instead: `before` notes who acts and what the change will erase (a role, a name), `after`
// writes the entry once the change succeeded. better-auth commits its change in its own transaction
// (the adapter's, which this code cannot join), so the entry is written right after it.

/** The organization routes that change something, and the action each is recorded as. */
const ACTIONS = {
  '/organization/create': 'organization.create',
  '/organization/update': 'organization.update',
  '/organization/delete': 'organization.delete',
  '/organization/invite-member': 'organization.invite',
  '/organization/cancel-invitation': 'organization.cancel-invitation',
  '/organization/accept-invitation': 'organization.accept-invitation',
  '/organization/reject-invitation': 'organization.reject-invitation',
  '/organization/update-member-role': 'organization.update-member-role',
  '/organization/remove-member': 'organization.remove-member',
  '/organization/leave': 'organization.leave',
  '/organization/create-team': 'organization.create-team',
  '/organization/update-team': 'organization.update-team',
  '/organization/remove-team': 'organization.delete-team',
  '/organization/add-team-member': 'organization.add-team-member',
  '/organization/remove-team-member': 'organization.remove-team-member',
} as const satisfies Record<string, AuditAction>;

type AuditedPath = keyof typeof ACTIONS;

/** The changes that add or remove a member. */
const MEMBER_COUNT_CHANGES: ReadonlySet<AuditAction> = new Set([
  'organization.accept-invitation',
  'organization.remove-member',
  'organization.leave',
]);

/** The routes whose entries this module writes (the impersonation audit leaves them to it). */
export const ORGANIZATION_AUDITED_PATHS: readonly string[] = Object.keys(ACTIONS);

const isAudited = (path: string): path is AuditedPath => Object.hasOwn(ACTIONS, path);

/** What `before` notes for `after`: who acts, and the state the change is about to erase. */
type Pending = {
  actor: { id: string; label: string };
  /** The admin behind an impersonation session. */
  impersonatedBy: string | null;
  /** The role, or the name, as it was. */
  previous: { organizationId: string | null; value: string | null; label: string | null } | null;
};

type Entry = {
  action: AuditAction;
  organizationId: string | null;
  target: { type: AuditTargetType; id: string | null; label: string | null };
  metadata: AuditMetadata;
};

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * better-auth's `before` and `after` route hooks that audit the organization routes. The per-request note
 * is kept against the request's auth context object, which better-auth passes to both hooks.
 */
export function organizationAudit(db: Database) {
  const pending = new WeakMap<object, Pending>();

  const before = async (ctx: AuthHookContext): Promise<void> => {
    if (!isAudited(ctx.path)) return;
    const current = await getSessionFromCtx(ctx);
    if (!current) return;
    const session = current.session as {
      activeOrganizationId?: string | null;
      impersonatedBy?: string | null;
    };
    pending.set(ctx.context, {
      actor: { id: current.user.id, label: current.user.name || current.user.email },
      impersonatedBy: session.impersonatedBy ?? null,
      previous: await previousState(db, ctx.path, record(ctx.body), session.activeOrganizationId ?? null),
    });
  };

  const after = async (ctx: AuthHookContext): Promise<void> => {
    if (!isAudited(ctx.path)) return;
    const note = pending.get(ctx.context);
    pending.delete(ctx.context);
    const returned = ctx.context.returned;
    if (!note || returned instanceof APIError || returned instanceof Error || !returned) return;
    const entry = await describe(db, ctx.path, record(ctx.body), record(returned), note);
    if (!entry) return;
    const { actor, impersonatedBy } = note;
    await recordAudit(
      {
        actorUserId: impersonatedBy ?? actor.id,
        action: entry.action,
        organizationId: entry.organizationId,
        target: entry.target,
        metadata: entry.metadata,
        ip: hookClientIp(ctx),
        ...(impersonatedBy
          ? { actingAs: { adminId: impersonatedBy, userId: actor.id, userLabel: actor.label } }
          : {}),
      },
      db,
    );
    // A per-seat plan's quantity follows the member count (queued: Stripe may be slow or away).
    if (MEMBER_COUNT_CHANGES.has(entry.action) && entry.organizationId) {
      await queueSeatSync(entry.organizationId, db);
    }
  };

  return { before, after };
}

/** What the change will overwrite and the entry names: a member's role, an organization's or team's name. */
async function previousState(
  db: Database,
  path: AuditedPath,
  body: Json,
  activeOrganizationId: string | null,
): Promise<Pending['previous']> {
  switch (path) {
    case '/organization/update': {
      const id = text(body.organizationId) ?? activeOrganizationId;
      const found = id ? await organizationOf(db, id) : undefined;
      return found ? { organizationId: found.id, value: found.name, label: found.name } : null;
    }
    case '/organization/update-member-role': {
      const id = text(body.memberId);
      const [found] = id
        ? await db
            .select({ organizationId: member.organizationId, role: member.role })
            .from(member)
            .where(eq(member.id, id))
        : [];
      return found ? { organizationId: found.organizationId, value: found.role, label: null } : null;
    }
    case '/organization/update-team':
    case '/organization/remove-team': {
      const found = await teamOf(db, text(body.teamId));
      return found ? { organizationId: found.organizationId, value: found.name, label: found.name } : null;
    }
    default:
      return null;
  }
}

async function organizationOf(db: Database, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: organization.id, name: organization.name, slug: organization.slug })
    .from(organization)
    .where(eq(organization.id, id));
  return row;
}

async function teamOf(db: Database, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: team.id, name: team.name, organizationId: team.organizationId })
    .from(team)
    .where(eq(team.id, id));
  return row;
}

async function userLabel(db: Database, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id));
  return row ? row.name || row.email : null;
}

/** The entry for a change better-auth has just made, from its answer and what `before` noted. */
async function describe(
  db: Database,
  path: AuditedPath,
  body: Json,
  returned: Json,
  note: Pending,
): Promise<Entry | null> {
  const action: AuditAction = ACTIONS[path];
  /** The organization's name, kept in the entry so a sentence can name it after a rename or deletion. */
  const inOrganization = async (organizationId: string | null) => ({
    organizationId,
    organization: (await organizationOf(db, organizationId))?.name ?? null,
  });

  switch (path) {
    case '/organization/create':
    case '/organization/delete': {
      const id = text(returned.id);
      return {
        action,
        organizationId: id,
        target: { type: 'organization', id, label: text(returned.name) },
        metadata: { slug: text(returned.slug) },
      };
    }
    case '/organization/update': {
      const id = text(returned.id) ?? note.previous?.organizationId ?? null;
      const name = text(returned.name);
      const metadata: AuditMetadata = { fields: Object.keys(record(body.data)).sort().join(',') };
      if (name && note.previous?.value && name !== note.previous.value) {
        Object.assign(metadata, { from: note.previous.value, to: name });
      }
      return {
        action,
        organizationId: id,
        target: { type: 'organization', id, label: name ?? note.previous?.label ?? null },
        metadata,
      };
    }
    case '/organization/invite-member':
    case '/organization/cancel-invitation':
    case '/organization/accept-invitation':
    case '/organization/reject-invitation': {
      // Accepting and declining answer `{ invitation, member }`; inviting and cancelling the invitation.
      const invitation = 'invitation' in returned ? record(returned.invitation) : returned;
      const { organizationId, organization: name } = await inOrganization(text(invitation.organizationId));
      return {
        action,
        organizationId,
        target: { type: 'invitation', id: text(invitation.id), label: text(invitation.email) },
        metadata: { role: text(invitation.role), organization: name },
      };
    }
    case '/organization/update-member-role': {
      const userId = text(returned.userId);
      const { organizationId, organization: name } = await inOrganization(
        text(returned.organizationId) ?? note.previous?.organizationId ?? null,
      );
      return {
        action,
        organizationId,
        target: { type: 'user', id: userId, label: await userLabel(db, userId) },
        metadata: { from: note.previous?.value ?? null, to: text(returned.role), organization: name },
      };
    }
    case '/organization/remove-member':
    case '/organization/leave': {
      // remove-member answers `{ member }`, leave the member itself.
      const removed = 'member' in returned ? record(returned.member) : returned;
      const userId = text(removed.userId);
      const { organizationId, organization: name } = await inOrganization(text(removed.organizationId));
      return {
        // Removing oneself is leaving, whichever route did it.
        action: userId === note.actor.id ? 'organization.leave' : action,
        organizationId,
        target: { type: 'user', id: userId, label: await userLabel(db, userId) },
        metadata: { role: text(removed.role), organization: name },
      };
    }
    case '/organization/create-team':
    case '/organization/update-team': {
      const { organizationId, organization: name } = await inOrganization(text(returned.organizationId));
      const metadata: AuditMetadata = { organization: name };
      const teamName = text(returned.name);
      if (path === '/organization/update-team' && note.previous?.value && teamName !== note.previous.value) {
        Object.assign(metadata, { from: note.previous.value, to: teamName });
      }
      return {
        action,
        organizationId,
        target: { type: 'team', id: text(returned.id), label: teamName },
        metadata,
      };
    }
    case '/organization/remove-team': {
      const { organizationId, organization: name } = await inOrganization(
        note.previous?.organizationId ?? null,
      );
      return {
        action,
        organizationId,
        target: { type: 'team', id: text(body.teamId), label: note.previous?.label ?? null },
        metadata: { organization: name },
      };
    }
    case '/organization/add-team-member':
    case '/organization/remove-team-member': {
      // Adding answers the team membership; removing only a message: the body names team and user.
      const teamRow = await teamOf(db, text(returned.teamId) ?? text(body.teamId));
      const userId = text(returned.userId) ?? text(body.userId);
      const { organizationId, organization: name } = await inOrganization(teamRow?.organizationId ?? null);
      return {
        action,
        organizationId,
        target: { type: 'user', id: userId, label: await userLabel(db, userId) },
        metadata: { teamId: teamRow?.id ?? null, team: teamRow?.name ?? null, organization: name },
      };
    }
  }
}
