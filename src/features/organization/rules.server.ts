import '@tanstack/react-start/server-only';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { appConfig } from '~/app.config';
import { organizationAc, organizationCan, organizationRoles } from '@/features/auth/permissions';
import { assertCanInvite, memberLimitOf } from '@/features/billing/limits.server';
import { endSubscriptionOf } from '@/features/billing/lifecycle.server';
import { AppError } from '@/lib/errors';
import type { Database } from '@/server/db/client';
import type { Outbox } from '@/server/email/mailer';
import { renderInvitationEmail } from '@/server/email/organization-emails';
import { languageOfRequest } from '@/server/i18n/request-language';
import { logger, serializeError } from '@/server/logger';
import { recordRateLimitRefusal } from '@/server/metrics';
import type { AuthHookContext } from '@/server/auth/hooks';
import type { QuotaStore } from '@/server/auth/quota-store';
import { organization as organizationTable } from '@/server/db/schema/index';
import {
  countOwnedOrganizations,
  findMembership,
  firstOrganizationOf,
  listOnlyMemberOf,
  listSoleOwnedWithMembers,
} from './data.server';
import {
  type ActiveOrganization,
  type OrganizationOverview,
  zOrganizationName,
  zOrganizationSlug,
  zTeamName,
} from './schema';

/**
 * better-auth's session `create.before` hook: a new session starts in the organization the user joined
 * first, so the app area has a tenant from the first request (a demo visitor included) without another
 * call. A user who belongs to none gets their workspace from the app area (`ensureWorkspace`).
 */
export function startInFirstOrganization(db: Database) {
  return async <T extends { userId: string; activeOrganizationId?: string | null }>(data: T) => ({
    data: {
      ...data,
      activeOrganizationId: data.activeOrganizationId ?? (await firstOrganizationOf(data.userId, db)),
    },
  });
}

/**
 * Part of better-auth's session `update.before` hook: the session never keeps an active team. The product
 * scopes nothing to a team (teams group members), but better-auth makes a new organization's default team
 * its creator's active team, then refuses that member the team's deletion
 * (YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM) even when they own the organization.
 */
export function withoutActiveTeam<T extends Record<string, unknown>>(data: T): T {
  return data.activeTeamId ? { ...data, activeTeamId: null } : data;
}

/** The organization plugin's `organizationLimit`: true once the user owns as many as `app.config.ts` allows. */
function ownsEnoughOrganizations(db: Database) {
  return async (user: { id: string }) =>
    (await countOwnedOrganizations(user.id, db)) >= appConfig.organizations.maxOwnedPerUser;
}

type InvitationData = {
  id: string;
  email: string;
  role: string;
  organization: { name: string };
  invitation: { expiresAt: Date };
  inviter: { user: { name: string; email: string } };
};

/** The hourly window of invitation mails to one address, whichever organization sends them. */
const INVITATION_MAILS = { window: 3600, max: appConfig.organizations.invitationMailsPerHour };
const invitationMailKey = (email: string) => `invitation-mail:${email.trim().toLowerCase()}`;

/**
 * The `before` rule of /organization/invite-member (an invitation, or `resend`): refused with 429
 * TOO_MANY_REQUESTS (and `X-Retry-After`) once the address has had `invitationMailsPerHour` invitation
 * mails this hour, before anything is stored or mailed, with the answer the sign-in code's cap gives.
 * Counted when a mail goes (`invitationMailer`), so a refused invitation costs the address nothing.
 */
export function refuseInvitationFlood(quotaStore: QuotaStore) {
  return async (ctx: AuthHookContext): Promise<void> => {
    const email = typeof ctx.body?.email === 'string' ? ctx.body.email : '';
    if (!email) return;
    const use = await quotaStore.add(invitationMailKey(email), INVITATION_MAILS, 0);
    if (use.count < INVITATION_MAILS.max) return;
    recordRateLimitRefusal('invitation-mail');
    const retryAfter = Math.max(1, Math.ceil((use.resetAt - Date.now()) / 1000));
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
      { 'X-Retry-After': String(retryAfter) },
    );
  };
}

/**
 * The `before` rule of /organization/invite-member (a new invitation, not a resend): refused while the
 * organization's plan is full (its members and pending invitations: PLAN_LIMIT_REACHED, `limit: members`)
 * or the organization is read-only for an overdue payment (ORGANIZATION_READ_ONLY). Nothing with billing off.
 */
export function refuseInvitationOverPlan(db: Database) {
  return async (ctx: AuthHookContext): Promise<void> => {
    const body = asRecord(ctx.body);
    if (body.resend === true) return;
    const organizationId =
      typeof body.organizationId === 'string'
        ? body.organizationId
        : (await getSessionFromCtx(ctx))?.session.activeOrganizationId;
    if (!organizationId) return;
    try {
      await assertCanInvite(organizationId, db);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new APIError('FORBIDDEN', {
        code: error.code,
        message: 'Refused by the plan',
        limit: error.field,
      });
    }
  };
}

/**
 * The organization plugin's `sendInvitationEmail`: mails the invited address a link to the invitation's
 * page (`/invitations/<id>`), in the inviter's language, counted against the address's hourly cap
 * (`refuseInvitationFlood`). The mail is queued (src/server/jobs) and retried through an SMTP outage; a
 * failure to queue it is logged and the invitation stays (its page and the organization screen can resend
 * it); the caller is told by better-auth's answer.
 */
function invitationMailer(outbox: Outbox, baseURL: string, demo: boolean, quotaStore: QuotaStore) {
  return async (data: InvitationData, request?: Request): Promise<void> => {
    if (demo) return;
    await quotaStore.add(invitationMailKey(data.email), INVITATION_MAILS, 1);
    const lng = languageOfRequest(request?.headers);
    try {
      await outbox.send({
        kind: 'invitation',
        ...(await renderInvitationEmail({
          to: data.email,
          lng,
          inviterName: data.inviter.user.name || data.inviter.user.email,
          organizationName: data.organization.name,
          role: data.role,
          expiresAt: data.invitation.expiresAt,
          url: new URL(`/invitations/${encodeURIComponent(data.id)}`, baseURL).toString(),
        })),
      });
    } catch (error) {
      logger.warn({ err: serializeError(error) }, 'invitation e-mail not queued');
      throw error;
    }
  };
}

/**
 * better-auth's organization plugin with the product's options (spec §6): the roles of
 * `organizationGrants`, the limits of `app.config.ts`, teams (never the last one removed), invitations
 * mailed in the inviter's language, a few an hour per address, and refused a second time to the same
 * address.
 */
export function organizationPlugin(deps: {
  db: Database;
  outbox: Outbox;
  baseURL: string;
  demo: boolean;
  quotaStore: QuotaStore;
}) {
  return organization({
    ac: organizationAc,
    roles: organizationRoles,
    creatorRole: 'owner',
    organizationLimit: ownsEnoughOrganizations(deps.db),
    // The plan's members when billing is on (accepting an invitation, adding a member), never past the cap.
    membershipLimit: async (_user: unknown, organization: { id: string }) =>
      Math.min(appConfig.organizations.maxMembers, await memberLimitOf(organization.id, deps.db)),
    invitationExpiresIn: appConfig.organizations.invitationHours * 3600,
    // A second invitation to the same address is refused ("already invited"), not a replacement.
    cancelPendingInvitationsOnReInvite: false,
    requireEmailVerificationOnInvitation: true,
    teams: {
      enabled: true,
      maximumTeams: appConfig.organizations.maxTeams,
      allowRemovingAllTeams: false,
    },
    sendInvitationEmail: invitationMailer(deps.outbox, deps.baseURL, deps.demo, deps.quotaStore),
    organizationHooks: {
      // After better-auth checked the caller may delete it: its subscription ends first (billing on).
      beforeDeleteOrganization: ({ organization }) =>
        asAuthError(() => endSubscriptionOf(organization.id, deps.db)),
    },
  });
}

export const CREATE_ORGANIZATION_PATH = '/organization/create';
export const UPDATE_ORGANIZATION_PATH = '/organization/update';
export const INVITE_MEMBER_PATH = '/organization/invite-member';
export const CREATE_TEAM_PATH = '/organization/create-team';
export const UPDATE_TEAM_PATH = '/organization/update-team';

type BodyCode =
  'INVALID_ORGANIZATION_NAME' | 'INVALID_ORGANIZATION_SLUG' | 'INVALID_TEAM_NAME' | 'VALIDATION_ERROR';

function refuse(code: BodyCode): never {
  throw new APIError('BAD_REQUEST', { code, message: 'Invalid request' });
}

/** `value` checked by `schema`, or the refusal `code`. */
function checked<T>(schema: z.ZodType<T>, value: unknown, code: BodyCode): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : refuse(code);
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * Refuses a body with keys the product does not use (better-auth would store an organization's `logo` URL
 * and any `metadata` it is sent, and take a `userId` from a server call).
 */
function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  if (Object.keys(body).some((key) => !allowed.includes(key))) refuse('VALIDATION_ERROR');
}

/**
 * /organization/create: better-auth stores any name, slug, logo and metadata it is given; the product's
 * own rules apply (a cleaned name within `limits.organizationNameMax`, a URL-safe slug, nothing else)
 * whichever client calls it.
 */
export function parseCreateOrganizationBody(body: Record<string, unknown> | undefined) {
  const given = asRecord(body);
  onlyKeys(given, ['name', 'slug', 'keepCurrentActiveOrganization']);
  return {
    ...given,
    name: checked(zOrganizationName, given.name, 'INVALID_ORGANIZATION_NAME'),
    slug: checked(zOrganizationSlug, given.slug, 'INVALID_ORGANIZATION_SLUG'),
  };
}

/** /organization/update: the same rules for whichever of name and slug the change carries, and only those. */
export function parseUpdateOrganizationBody(body: Record<string, unknown> | undefined) {
  const given = asRecord(body);
  onlyKeys(given, ['organizationId', 'data']);
  const data = asRecord(given.data);
  onlyKeys(data, ['name', 'slug']);
  return {
    ...given,
    data: {
      ...('name' in data ? { name: checked(zOrganizationName, data.name, 'INVALID_ORGANIZATION_NAME') } : {}),
      ...('slug' in data ? { slug: checked(zOrganizationSlug, data.slug, 'INVALID_ORGANIZATION_SLUG') } : {}),
    },
  };
}

/**
 * /organization/create-team and /organization/update-team: better-auth stores any team name (of any length,
 * with direction overrides); the product's team form's rules apply whichever client calls them.
 */
export function parseCreateTeamBody(body: Record<string, unknown> | undefined) {
  const given = asRecord(body);
  onlyKeys(given, ['name', 'organizationId']);
  return { ...given, name: checked(zTeamName, given.name, 'INVALID_TEAM_NAME') };
}

export function parseUpdateTeamBody(body: Record<string, unknown> | undefined) {
  const given = asRecord(body);
  onlyKeys(given, ['teamId', 'data']);
  const data = asRecord(given.data);
  onlyKeys(data, ['name', 'organizationId']);
  return {
    ...given,
    data: {
      ...data,
      ...('name' in data ? { name: checked(zTeamName, data.name, 'INVALID_TEAM_NAME') } : {}),
    },
  };
}

const SET_ACTIVE_PATH = '/organization/set-active';

/**
 * The `before` rule of /organization/set-active: switching to an organization the user does not belong to
 * is refused before better-auth runs, which would also clear the session's active organization (the user
 * would lose the one they were working in for a refused request). An id or slug that names no organization
 * gets the same answer as another organization's, so the answer never tells which exist.
 */
export function refuseForeignActiveOrganization(db: Database) {
  return async (ctx: AuthHookContext): Promise<void> => {
    if (ctx.path !== SET_ACTIVE_PATH) return;
    const body = asRecord(ctx.body);
    const current = await getSessionFromCtx(ctx);
    if (!current) return;
    let organizationId = typeof body.organizationId === 'string' ? body.organizationId : null;
    const slug = typeof body.organizationSlug === 'string' ? body.organizationSlug : null;
    // `organizationId: null` leaves the session without one, and a body naming none is better-auth's to
    // refuse: nothing to check.
    if (body.organizationId === null || (!organizationId && slug === null)) return;
    if (!organizationId && slug !== null)
      organizationId = (await findOrganizationBySlug(slug, db))?.id ?? null;
    if (!organizationId || !(await findMembership(organizationId, current.user.id, db))) {
      throw new APIError('FORBIDDEN', {
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        message: 'You are not a member of this organization',
      });
    }
  };
}

async function findOrganizationBySlug(slug: string, db: Database) {
  const [row] = await db
    .select({ id: organizationTable.id })
    .from(organizationTable)
    .where(eq(organizationTable.slug, slug));
  return row;
}

/**
 * The active organization as a member with `role` sees it: pending invitations (each id is its link's
 * secret, with the invited address) only for those who may invite.
 */
export function activeOrganizationFor(found: OrganizationOverview, role: string): ActiveOrganization {
  const invitations = organizationCan(role, { invitation: ['create'] }) ? found.invitations : [];
  return { ...found, invitations, role };
}

/**
 * Before an account is deleted (by its user or an admin, once allowed): the subscriptions of the
 * organizations only it belongs to end at Stripe (billing on), since nobody is left to use them. Stripe
 * unreachable: SERVICE_UNAVAILABLE, and the account stays.
 */
export function endSubscriptionsLeftBy(db: Database, userId: string): Promise<void> {
  return asAuthError(async () => {
    for (const organizationId of await listOnlyMemberOf(userId, db)) {
      await endSubscriptionOf(organizationId, db);
    }
  });
}

/** A Stripe call's refusal (SERVICE_UNAVAILABLE) as better-auth answers errors: a 503 with its code. */
async function asAuthError(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new APIError('SERVICE_UNAVAILABLE', { code: error.code, message: 'Stripe is unavailable' });
  }
}

/**
 * Before an account is deleted (by its user, /delete-user, or an admin, /admin/remove-user): refused while
 * the user is the only owner of an organization others still belong to, with the code of leaving it
 * (spec §8) and the organizations' names (`organizations`), so they can be handed over first. better-auth
 * deletes sessions and accounts before its own delete hooks run, so this runs before the route.
 */
export async function refuseSoleOwnerDeletion(db: Database, userId: string | undefined): Promise<void> {
  if (!userId) return;
  const organizations = await listSoleOwnedWithMembers(userId, db);
  if (organizations.length === 0) return;
  throw new APIError('BAD_REQUEST', {
    code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    message: 'You cannot leave the organization as the only owner',
    organizations,
  });
}
