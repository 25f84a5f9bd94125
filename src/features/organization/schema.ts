import { z } from 'zod';
import { appConfig } from '~/app.config';
import { zEmail } from '@/features/auth/schema';
import { zListQuery } from '@/lib/list';
import { sortOrders } from '@/lib/search-params';
import { cleanName, withoutControls } from '@/lib/text';
import { organizationPlanFilters, organizationRoleNames, organizationSorts } from './search';

/** One organization the signed-in user belongs to, as the switcher lists it. */
export type MyOrganization = { id: string; name: string; slug: string; role: string };

// Messages are i18n keys of the `organization` namespace.
export const zOrganizationName = z
  .string()
  .overwrite(cleanName)
  .min(1, 'organization:validation.name.required')
  .max(appConfig.limits.organizationNameMax, 'organization:validation.name.tooLong');

/** An organization's address: lower-case letters, digits and single hyphens, as in a URL. */
export const zOrganizationSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'organization:validation.slug.invalid')
  .max(appConfig.limits.organizationSlugMax, 'organization:validation.slug.invalid');

/** "New organization": its name; the address is made from it. */
export const zCreateOrganizationForm = z.object({ name: zOrganizationName });
export type CreateOrganizationForm = z.input<typeof zCreateOrganizationForm>;
/** An invitation as its link's page shows it, before the visitor signs in as its recipient. */
export type InvitationView = {
  id: string;
  organizationName: string;
  inviterName: string;
  /** The invited address: the page asks the visitor to sign in with it. */
  email: string;
  role: string;
  expiresAt: string;
  /** Why it can no longer be accepted, if so (better-auth's codes, translated by the page). */
  problem: 'EXPIRED' | 'CANCELED' | 'ACCEPTED' | 'REJECTED' | 'INVITER_IS_NO_LONGER_A_MEMBER' | null;
};

// Any string is accepted: an id that does not exist is simply not found (404), never a validation error.
export const zInvitationIdInput = z.object({ id: z.string().max(64) });

/** A member of the active organization, as the teams section offers and lists them. */
export type OrganizationPerson = { userId: string; name: string; email: string; image: string | null };

/** One team of the active organization with its members, by name. */
export type TeamView = { id: string; name: string; members: OrganizationPerson[] };

/** The teams section's data: the teams, and every member of the organization (to add to a team). */
export type TeamsView = { teams: TeamView[]; members: OrganizationPerson[] };

// Messages are i18n keys of the `organization` namespace.
export const zTeamName = z
  .string()
  .overwrite(cleanName)
  .min(1, { error: 'teams.validation.required', abort: true })
  .max(appConfig.limits.organizationNameMax, { error: 'teams.validation.tooLong', abort: true });

export const zTeamForm = z.object({ name: zTeamName });
// The platform's view of organizations (the manager area).

/** An organization as the manager's list shows it; dates travel as ISO strings. */
export type OrganizationListItem = {
  id: string;
  name: string;
  slug: string;
  memberCount: number;
  repositoryCount: number;
  createdAt: string;
};

/** One member as the manager's organization page lists them. */
export type OrganizationMemberRow = {
  /** The membership's id (better-auth's role change takes it). */
  memberId: string;
  userId: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
  joinedAt: string;
};

/** A pending invitation as the manager's organization page lists it. */
export type OrganizationInvitationRow = {
  id: string;
  email: string;
  role: string;
  inviterName: string | null;
  expiresAt: string;
};

/** A team as the manager's organization page lists it. */
export type OrganizationTeamRow = { id: string; name: string; memberCount: number };

/** One organization as the manager's page shows it: who is in it, who is invited, its teams. */
export type OrganizationOverview = {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  repositoryCount: number;
  members: OrganizationMemberRow[];
  invitations: OrganizationInvitationRow[];
  teams: OrganizationTeamRow[];
};

/** The active organization as its own screen shows it, with the signed-in member's role in it. */
export type ActiveOrganization = OrganizationOverview & { role: string };

/** "Rename": name and address (slug). */
export const zOrganizationForm = z.object({ name: zOrganizationName, slug: zOrganizationSlug });
export type OrganizationForm = z.input<typeof zOrganizationForm>;

/** "Invite a member": an address and the role they will have. */
export const zInviteForm = z.object({
  email: zEmail,
  role: z.enum(organizationRoleNames),
});

/** The manager's list endpoint input: strict (a wrong sort is a bad request, not a silent default). */
export const zOrganizationListQuery = zListQuery.extend({
  plan: z.enum(organizationPlanFilters).default(''),
  sort: z.enum(organizationSorts).default('created'),
  order: z.enum(sortOrders).default('desc'),
  // A name cursor is longer than a date one.
  cursor: z.string().max(1000).optional(),
});

// Any string is accepted: an unknown id is simply not found (404), never a validation error. Controls are
// removed first: the id is compared with a text column, and Postgres refuses a NUL.
const zId = z.string().max(64).overwrite(withoutControls);

export const zOrganizationIdInput = z.object({ id: zId });

/** Whose organizations the manager's user page lists. */
export const zUserOrganizationsInput = z.object({ userId: zId });
