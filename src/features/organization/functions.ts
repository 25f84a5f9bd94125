import { createServerFn } from '@tanstack/react-start';
import { authMiddleware, requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { authApiHeaders, clientIp } from '@/server/client-ip';
import { getAuth } from '@/server/auth/instance';
import { forgetRequestSession } from '@/server/auth/session';
import { translatorFor } from '@/server/i18n/locales';
import { languageOfRequest } from '@/server/i18n/request-language';
import { appConfig } from '~/app.config';
import {
  findInvitationView,
  findMembership,
  firstOrganizationOf,
  listMyOrganizations,
  listOrganizationChoices,
  listTeams,
} from './data.server';
import { requireOrganization } from './middleware';
import { activeOrganizationFor } from './rules.server';
import { deleteOrganization, findOrganizationOverview, listOrganizations } from './platform.server';
import {
  type ActiveOrganization,
  zInvitationIdInput,
  zOrganizationIdInput,
  zOrganizationListQuery,
  zUserOrganizationsInput,
} from './schema';

/** The organizations the signed-in user belongs to, with their role in each (the switcher's list). */
export const $listMyOrganizations = createServerFn({ method: 'GET' })
  .middleware([authMiddleware])
  .handler(({ context }) => listMyOrganizations(context.user.id));

/**
 * Gives an onboarded user without an active organization one to work in: the first they belong to, or, if
 * they belong to none, a workspace of their own ("{name}'s workspace" in their language, renamable), of
 * which they are the owner. Answers the active organization's id. Idempotent: a session that has one
 * keeps it.
 */
export const $ensureWorkspace = createServerFn({ method: 'POST' })
  .middleware([authMiddleware])
  .handler(async ({ context }): Promise<{ organizationId: string }> => {
    const active = context.session.activeOrganizationId;
    if (active && (await findMembership(active, context.user.id))) return { organizationId: active };
    if (!context.user.onboardedAt) throw new AppError('FORBIDDEN');
    const auth = await getAuth();
    // The client's address as the routes see it over HTTP, for the audit entry and the rate limit.
    const headers = authApiHeaders();
    const existing = await firstOrganizationOf(context.user.id);
    if (existing) {
      await auth.api.setActiveOrganization({ body: { organizationId: existing }, headers });
      forgetRequestSession();
      return { organizationId: existing };
    }
    const t = await translatorFor(languageOfRequest(headers), 'organization');
    const created = await auth.api.createOrganization({
      body: {
        // Cut to the limit: a long personal name must not leave its owner without a workspace.
        name: t('workspace.name', { name: context.user.name })
          .slice(0, appConfig.limits.organizationNameMax)
          .trim(),
        // Random, so two people called the same never collide; renaming keeps it.
        slug: `workspace-${crypto.randomUUID().slice(0, 8)}`,
      },
      headers,
    });
    forgetRequestSession();
    if (!created) throw new AppError('UNKNOWN_ERROR');
    return { organizationId: created.id };
  });

/** The organizations a platform manager may put a new repository in, by name. */
export const $listOrganizationChoices = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['create'] })])
  .handler(() => listOrganizationChoices(appConfig.organizations.choicesMax));

/**
 * An invitation as its link's page shows it: public, because the visitor may not have signed in yet (the
 * link, an unguessable id mailed to the invited address, is what they hold); NOT_FOUND for an unknown id.
 */
export const $getInvitation = createServerFn({ method: 'GET' })
  .validator(zInvitationIdInput)
  .handler(async ({ data }) => {
    const found = await findInvitationView(data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

// The manager area: the platform's organizations, whoever owns them (platform roles, spec §6).

/** One page of every organization, searched by name or slug, with member and repository counts. */
export const $listPlatformOrganizations = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], organization: ['list'] })])
  .validator(zOrganizationListQuery)
  .handler(({ data }) => listOrganizations(data));

/** Any organization with its members, pending invitations and teams; NOT_FOUND when the id matches none. */
export const $getPlatformOrganization = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], organization: ['list'] })])
  .validator(zOrganizationIdInput)
  .handler(async ({ data }) => {
    const found = await findOrganizationOverview(data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

/**
 * The active organization as its screen shows it (members, pending invitations, teams), with the caller's
 * role in it; any member may read it. Scoped by the session's organization, never by an id the caller sends.
 * Pending invitations (each id is its link's secret, with the invited address) only for those who may invite.
 */
export const $getActiveOrganization = createServerFn({ method: 'GET' })
  .middleware([requireOrganization()])
  .handler(async ({ context }): Promise<ActiveOrganization> => {
    const found = await findOrganizationOverview(context.organization.id);
    // Deleted between the membership check and this read.
    if (!found) throw new AppError('NO_ACTIVE_ORGANIZATION');
    return activeOrganizationFor(found, context.organization.role);
  });

/** The active organization's teams with their members, and its members (any member may read them). */
export const $listTeams = createServerFn({ method: 'GET' })
  .middleware([requireOrganization()])
  .handler(({ context }) => listTeams(context.organization.id));

/** The organizations a user belongs to, with their role in each (the manager's user page). */
export const $listUserOrganizations = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], organization: ['list'] })])
  .validator(zUserOrganizationsInput)
  .handler(({ data }) => listMyOrganizations(data.userId));

/**
 * Deletes any organization with everything in it (members, teams, invitations, repositories), audited;
 * NOT_FOUND when the id matches none.
 */
export const $deletePlatformOrganization = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], organization: ['delete'] })])
  .validator(zOrganizationIdInput)
  .handler(async ({ data, context }) => {
    const deleted = await deleteOrganization(data.id, { userId: context.user.id, ip: clientIp() });
    if (!deleted) throw new AppError('NOT_FOUND');
    return { id: deleted.id };
  });
