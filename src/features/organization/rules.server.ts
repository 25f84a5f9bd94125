import '@tanstack/react-start/server-only';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { organization } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { appConfig } from '~/app.config';
import { organizationAc, organizationRoles } from '@/features/auth/permissions';
import type { Database } from '@/server/db/client';
import type { Mailer } from '@/server/email/mailer';
import { renderInvitationEmail } from '@/server/email/organization-emails';
import { languageOfRequest } from '@/server/i18n/request-language';
import { logger, serializeError } from '@/server/logger';
import type { AuthHookContext } from '@/server/auth/hooks';
import { organization as organizationTable } from '@/server/db/schema/index';
import { countOwnedOrganizations, findMembership, firstOrganizationOf } from './data.server';
import { zOrganizationName, zOrganizationSlug } from './schema';

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

/**
 * The organization plugin's `sendInvitationEmail`: mails the invited address a link to the invitation's
 * page (`/invitations/<id>`), in the inviter's language. A failure to send is logged and the invitation
 * stays (its page and the organization screen can resend it); the caller is told by better-auth's answer.
 */
function invitationMailer(mailer: Mailer, baseURL: string, demo: boolean) {
  return async (data: InvitationData, request?: Request): Promise<void> => {
    if (demo) return;
    const lng = languageOfRequest(request?.headers);
    try {
      await mailer.send(
        await renderInvitationEmail({
          to: data.email,
          lng,
          inviterName: data.inviter.user.name || data.inviter.user.email,
          organizationName: data.organization.name,
          role: data.role,
          expiresAt: data.invitation.expiresAt,
          url: new URL(`/invitations/${encodeURIComponent(data.id)}`, baseURL).toString(),
        }),
      );
    } catch (error) {
      logger.warn({ err: serializeError(error) }, 'invitation e-mail not sent');
      throw error;
    }
  };
}

/**
 * better-auth's organization plugin with the product's options (spec §6): the roles of
 * `organizationGrants`, the limits of `app.config.ts`, teams (never the last one removed), invitations
 * mailed in the inviter's language and refused a second time to the same address.
 */
export function organizationPlugin(deps: { db: Database; mailer: Mailer; baseURL: string; demo: boolean }) {
  return organization({
    ac: organizationAc,
    roles: organizationRoles,
    creatorRole: 'owner',
    organizationLimit: ownsEnoughOrganizations(deps.db),
    membershipLimit: appConfig.organizations.maxMembers,
    invitationExpiresIn: appConfig.organizations.invitationHours * 3600,
    // A second invitation to the same address is refused ("already invited"), not a replacement.
    cancelPendingInvitationsOnReInvite: false,
    requireEmailVerificationOnInvitation: true,
    teams: {
      enabled: true,
      maximumTeams: appConfig.organizations.maxTeams,
      allowRemovingAllTeams: false,
    },
    sendInvitationEmail: invitationMailer(deps.mailer, deps.baseURL, deps.demo),
  });
}

export const CREATE_ORGANIZATION_PATH = '/organization/create';
export const UPDATE_ORGANIZATION_PATH = '/organization/update';

function refuse(code: 'INVALID_ORGANIZATION_NAME' | 'INVALID_ORGANIZATION_SLUG'): never {
  throw new APIError('BAD_REQUEST', { code, message: 'Organization is invalid' });
}

function checkedName(value: unknown): string {
  const parsed = zOrganizationName.safeParse(value);
  return parsed.success ? parsed.data : refuse('INVALID_ORGANIZATION_NAME');
}

function checkedSlug(value: unknown): string {
  const parsed = zOrganizationSlug.safeParse(value);
  return parsed.success ? parsed.data : refuse('INVALID_ORGANIZATION_SLUG');
}

/**
 * /organization/create: better-auth stores any name and slug it is given; the product's own rules apply
 * (a cleaned name within `limits.organizationNameMax`, a URL-safe slug) whichever client calls it.
 */
export function parseCreateOrganizationBody(body: Record<string, unknown> | undefined) {
  return { ...body, name: checkedName(body?.name), slug: checkedSlug(body?.slug) };
}

/** /organization/update: the same rules for whichever of name and slug the change carries. */
export function parseUpdateOrganizationBody(body: Record<string, unknown> | undefined) {
  const data =
    typeof body?.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
  return {
    ...body,
    data: {
      ...data,
      ...('name' in data ? { name: checkedName(data.name) } : {}),
      ...('slug' in data ? { slug: checkedSlug(data.slug) } : {}),
    },
  };
}

const SET_ACTIVE_PATH = '/organization/set-active';

/**
 * The `before` rule of /organization/set-active: switching to an organization the user does not belong to
 * is refused before better-auth runs, which would also clear the session's active organization (the user
 * would lose the one they were working in for a refused request).
 */
export function refuseForeignActiveOrganization(db: Database) {
  return async (ctx: AuthHookContext): Promise<void> => {
    if (ctx.path !== SET_ACTIVE_PATH) return;
    const body =
      typeof ctx.body === 'object' && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {};
    const current = await getSessionFromCtx(ctx);
    if (!current) return;
    let organizationId = typeof body.organizationId === 'string' ? body.organizationId : null;
    if (!organizationId && typeof body.organizationSlug === 'string' && body.organizationId !== null) {
      organizationId = (await findOrganizationBySlug(body.organizationSlug, db))?.id ?? null;
    }
    if (organizationId && !(await findMembership(organizationId, current.user.id, db))) {
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
