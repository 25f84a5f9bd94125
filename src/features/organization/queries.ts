import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { authCall, authKeys, refreshSession } from '@/features/auth/queries';
import { withStepUp } from '@/features/auth/step-up';
import {
  $deletePlatformOrganization,
  $ensureWorkspace,
  $getActiveOrganization,
  $getInvitation,
  $getPlatformOrganization,
  $listMyOrganizations,
  $listOrganizationChoices,
  $listPlatformOrganizations,
  $listTeams,
  $listUserOrganizations,
} from './functions';
import type { InvitationView, OrganizationForm, TeamsView } from './schema';
import { organizationListDefaults, type OrganizationListView, type OrganizationRoleName } from './search';
import { slugFor } from './slug';

export const organizationKeys = {
  all: ['organization'] as const,
  mine: ['organization', 'mine'] as const,
  invitation: (id: string) => ['organization', 'invitation', id] as const,
  /** The organization screen's data, under the organization's id like the teams. */
  active: (organizationId: string) => ['organization', 'active', organizationId] as const,
  /** Under the organization's id: switching organization never shows the previous one's teams. */
  teams: (organizationId: string) => ['organization', 'teams', organizationId] as const,
};

export const organizationQueries = {
  /** The signed-in user's organizations with their role in each (the switcher, the app area's rights). */
  mine: () =>
    queryOptions({
      queryKey: organizationKeys.mine,
      queryFn: () => $listMyOrganizations(),
      staleTime: 60_000,
    }),
  /** Organizations a platform manager may put a new repository in. */
  choices: () =>
    queryOptions({
      queryKey: [...organizationKeys.all, 'choices'] as const,
      queryFn: () => $listOrganizationChoices(),
      staleTime: 30_000,
    }),
  /** An invitation as its link's page shows it (public: the visitor may not be signed in yet). */
  invitation: (id: string) =>
    queryOptions({
      queryKey: organizationKeys.invitation(id),
      queryFn: () => $getInvitation({ data: { id } }),
      staleTime: 10_000,
    }),
  /** The active organization with its members, invitations and teams, and the viewer's role in it. */
  active: (organizationId: string) =>
    queryOptions({
      queryKey: organizationKeys.active(organizationId),
      queryFn: () => $getActiveOrganization(),
      staleTime: 30_000,
    }),
  /** The active organization's teams with their members, and the members a team may take. */
  teams: (organizationId: string) =>
    queryOptions({
      queryKey: organizationKeys.teams(organizationId),
      queryFn: () => $listTeams(),
      staleTime: 30_000,
    }),
};

/**
 * Gives a user who has none an active organization (their first, or a workspace of their own) and reads
 * the session and their organizations again; the app area's guard calls it.
 */
export async function ensureActiveOrganization(queryClient: QueryClient) {
  await $ensureWorkspace();
  await Promise.all([
    refreshSession(queryClient),
    queryClient.fetchQuery({ ...organizationQueries.mine(), staleTime: 0 }),
  ]);
}

/**
 * Everything cached of the previous organization is dropped, then the session read again. The user's own
 * queries stay (the session, their organizations: the header shows them throughout).
 */
async function enteredOrganization(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: ({ queryKey: [scope] }) => scope !== authKeys.all[0] && scope !== organizationKeys.all[0],
  });
  await Promise.all([
    refreshSession(queryClient),
    queryClient.fetchQuery({ ...organizationQueries.mine(), staleTime: 0 }),
  ]);
}

export const organizationMutations = {
  /** Creates an organization owned by the user, which becomes the active one. */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (name: string) =>
        authCall((client, fetchOptions) =>
          client.organization.create({ name, slug: slugFor(name), fetchOptions }),
        ),
      onSuccess: () => enteredOrganization(queryClient),
    }),
  /**
   * Makes another of the user's organizations the active one. Everything cached belonged to the previous
   * one, so it is dropped before the session is read again: no row of it can stay on screen.
   */
  switchTo: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (organizationId: string) =>
        authCall((client, fetchOptions) => client.organization.setActive({ organizationId, fetchOptions })),
      onSuccess: () => enteredOrganization(queryClient),
    }),
};

/**
 * After leaving or deleting the active organization: the user gets another to work in (their first, or a
 * workspace of their own), and nothing cached of the one they left stays.
 */
async function leftOrganization(queryClient: QueryClient) {
  await $ensureWorkspace();
  await enteredOrganization(queryClient);
}

/**
 * better-auth's calls on the active organization (`organizationId`) from its screen; better-auth checks
 * the caller's role for each (spec §6). Each reads the screen's data again afterwards, and the teams,
 * which list the members.
 */
export const organizationSettingsMutations = (queryClient: QueryClient, organizationId: string) => {
  const reread = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: organizationKeys.active(organizationId) }),
      queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) }),
    ]);
  return {
    /** Rename: the switcher shows the name too. */
    update: () =>
      mutationOptions({
        mutationFn: (data: OrganizationForm) =>
          authCall((client, fetchOptions) =>
            client.organization.update({ organizationId, data, fetchOptions }),
          ),
        onSuccess: () =>
          Promise.all([reread(), queryClient.invalidateQueries({ queryKey: organizationKeys.mine })]),
      }),
    /** Invites an address; `resend` mails a pending invitation again (and renews its expiry). */
    invite: () =>
      mutationOptions({
        mutationFn: (invite: { email: string; role: OrganizationRoleName; resend?: boolean }) =>
          authCall((client, fetchOptions) =>
            client.organization.inviteMember({ ...invite, organizationId, fetchOptions }),
          ),
        onSuccess: reread,
      }),
    cancelInvitation: () =>
      mutationOptions({
        mutationFn: (invitationId: string) =>
          authCall((client, fetchOptions) =>
            client.organization.cancelInvitation({ invitationId, fetchOptions }),
          ),
        onSuccess: reread,
      }),
    updateRole: () =>
      mutationOptions({
        mutationFn: ({ memberId, role }: { memberId: string; role: OrganizationRoleName }) =>
          authCall((client, fetchOptions) =>
            client.organization.updateMemberRole({ memberId, role, organizationId, fetchOptions }),
          ),
        onSuccess: reread,
      }),
    removeMember: () =>
      mutationOptions({
        mutationFn: (memberId: string) =>
          authCall((client, fetchOptions) =>
            client.organization.removeMember({ memberIdOrEmail: memberId, organizationId, fetchOptions }),
          ),
        onSuccess: reread,
      }),
    leave: () =>
      mutationOptions({
        mutationFn: () =>
          authCall((client, fetchOptions) => client.organization.leave({ organizationId, fetchOptions })),
        onSuccess: () => leftOrganization(queryClient),
      }),
    delete: () =>
      mutationOptions({
        mutationFn: () =>
          authCall((client, fetchOptions) => client.organization.delete({ organizationId, fetchOptions })),
        onSuccess: () => leftOrganization(queryClient),
      }),
  };
};

/** The invitation's page after an answer: it now shows why the invitation can no longer be accepted. */
function answered(queryClient: QueryClient, id: string, problem: 'REJECTED') {
  queryClient.setQueryData<InvitationView>(organizationKeys.invitation(id), (view) =>
    view ? { ...view, problem } : view,
  );
}

/**
 * better-auth's calls on an invitation, by its recipient (the server refuses anyone else:
 * YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION). A mutation that fails throws the call's `AuthError`.
 */
export const invitationMutations = {
  /**
   * Joins the organization. better-auth makes it the session's active one, so the session and the user's
   * organizations are read again; everything else cached belonged to the previous one.
   */
  accept: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (invitationId: string) =>
        authCall((client, fetchOptions) =>
          client.organization.acceptInvitation({ invitationId, fetchOptions }),
        ),
      onSuccess: async (_data, invitationId) => {
        // Stale, not refetched: the page is about to leave for the organization.
        void queryClient.invalidateQueries({
          queryKey: organizationKeys.invitation(invitationId),
          refetchType: 'none',
        });
        await Promise.all([
          refreshSession(queryClient),
          queryClient.fetchQuery({ ...organizationQueries.mine(), staleTime: 0 }),
        ]);
      },
    }),
  decline: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (invitationId: string) =>
        authCall((client, fetchOptions) =>
          client.organization.rejectInvitation({ invitationId, fetchOptions }),
        ),
      onSuccess: (_data, invitationId) => answered(queryClient, invitationId, 'REJECTED'),
    }),
};

type TeamsUpdate = (view: TeamsView) => TeamsView;

/**
 * better-auth's team calls in the active organization (`organizationId`), each writing its result into
 * the cached teams at once and then reading them again (another manager may have changed them too).
 */
export const teamMutations = (queryClient: QueryClient, organizationId: string) => {
  const key = organizationKeys.teams(organizationId);
  const settle = async (update: TeamsUpdate) => {
    queryClient.setQueryData<TeamsView>(key, (view) => (view ? update(view) : view));
    await queryClient.invalidateQueries({ queryKey: key });
  };
  const personOf = (view: TeamsView, userId: string) =>
    view.members.find((person) => person.userId === userId);
  return {
    create: () =>
      mutationOptions({
        mutationFn: (name: string) =>
          authCall((client, fetchOptions) =>
            client.organization.createTeam({ name, organizationId, fetchOptions }),
          ),
        onSuccess: (created) =>
          settle((view) =>
            created
              ? {
                  ...view,
                  teams: [...view.teams, { id: created.id, name: created.name, members: [] }].sort((a, b) =>
                    a.name.localeCompare(b.name),
                  ),
                }
              : view,
          ),
      }),
    rename: () =>
      mutationOptions({
        mutationFn: ({ teamId, name }: { teamId: string; name: string }) =>
          authCall((client, fetchOptions) =>
            client.organization.updateTeam({ teamId, data: { name, organizationId }, fetchOptions }),
          ),
        onSuccess: (_data, { teamId, name }) =>
          settle((view) => ({
            ...view,
            teams: view.teams.map((item) => (item.id === teamId ? { ...item, name } : item)),
          })),
      }),
    remove: () =>
      mutationOptions({
        mutationFn: (teamId: string) =>
          authCall((client, fetchOptions) =>
            client.organization.removeTeam({ teamId, organizationId, fetchOptions }),
          ),
        onSuccess: (_data, teamId) =>
          settle((view) => ({ ...view, teams: view.teams.filter((item) => item.id !== teamId) })),
      }),
    addMember: () =>
      mutationOptions({
        mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) =>
          authCall((client, fetchOptions) =>
            client.organization.addTeamMember({ teamId, userId, fetchOptions }),
          ),
        onSuccess: (_data, { teamId, userId }) =>
          settle((view) => {
            const person = personOf(view, userId);
            if (!person) return view;
            return {
              ...view,
              teams: view.teams.map((item) =>
                item.id === teamId ? { ...item, members: [...item.members, person] } : item,
              ),
            };
          }),
      }),
    removeMember: () =>
      mutationOptions({
        mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) =>
          authCall((client, fetchOptions) =>
            client.organization.removeTeamMember({ teamId, userId, fetchOptions }),
          ),
        onSuccess: (_data, { teamId, userId }) =>
          settle((view) => ({
            ...view,
            teams: view.teams.map((item) =>
              item.id === teamId
                ? { ...item, members: item.members.filter((person) => person.userId !== userId) }
                : item,
            ),
          })),
      }),
  };
};

/** The manager area's cache keys: the platform's organizations, apart from the signed-in user's own. */
const platformOrganizationKeys = {
  all: [...organizationKeys.all, 'platform'] as const,
  lists: [...organizationKeys.all, 'platform', 'list'] as const,
  list: (view: OrganizationListView) => [...organizationKeys.all, 'platform', 'list', view] as const,
  detail: (id: string) => [...organizationKeys.all, 'platform', 'detail', id] as const,
  ofUser: (userId: string) => [...organizationKeys.all, 'platform', 'user', userId] as const,
};

export const platformOrganizationQueries = {
  /** Pages of one list view; the next page starts at the previous page's cursor. */
  list: (view: OrganizationListView) =>
    infiniteQueryOptions({
      queryKey: platformOrganizationKeys.list(view),
      queryFn: ({ pageParam }) => $listPlatformOrganizations({ data: { ...view, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While another view loads, the previous rows stay on screen instead of a flash of skeletons.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** The list searched in its default order (the command palette): the same query as the list's. */
  search: (term: string) =>
    platformOrganizationQueries.list({ ...organizationListDefaults, searchTerm: term }),
  detail: (id: string) =>
    queryOptions({
      queryKey: platformOrganizationKeys.detail(id),
      queryFn: () => $getPlatformOrganization({ data: { id } }),
      staleTime: 30_000,
    }),
  /** The organizations a user belongs to, with their role in each. */
  ofUser: (userId: string) =>
    queryOptions({
      queryKey: platformOrganizationKeys.ofUser(userId),
      queryFn: () => $listUserOrganizations({ data: { userId } }),
      staleTime: 30_000,
    }),
};

export const platformOrganizationMutations = {
  /**
   * Deletes an organization. Its repositories, memberships and activity went with it, and lists and
   * figures of several features count them: every query is read again (only those on screen at once),
   * but the deleted organization's own page, which the caller drops (`forgetPlatformOrganization`) once
   * it is gone.
   */
  delete: (queryClient: QueryClient, id: string) =>
    mutationOptions({
      // A recent sign-in is needed (it deletes every member's repositories): "confirm it's you", then again.
      mutationFn: () => withStepUp(() => $deletePlatformOrganization({ data: { id } })),
      onSuccess: () => {
        const detail = JSON.stringify(platformOrganizationKeys.detail(id));
        return queryClient.invalidateQueries({
          predicate: (query) => JSON.stringify(query.queryKey) !== detail,
        });
      },
    }),
};

/**
 * Drops a deleted organization's cached page. Call it once the page is gone: removing the query under a
 * mounted page would make that page fetch it again and fail.
 */
export function forgetPlatformOrganization(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: platformOrganizationKeys.detail(id), exact: true });
}
