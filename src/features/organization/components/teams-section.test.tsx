import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import { organizationKeys } from '../queries';
import type { TeamsView } from '../schema';
import { TeamsSection } from './teams-section';
// Fetched by the dialog on its first opening; loaded ahead so that the first test does not wait for its
// transform.
import './team-name-form';

const { organization, listTeams, toast } = vi.hoisted(() => ({
  organization: {
    createTeam: vi.fn(),
    updateTeam: vi.fn(),
    removeTeam: vi.fn(),
    addTeamMember: vi.fn(),
    removeTeamMember: vi.fn(),
  },
  listTeams: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
// The real `authRequest` runs over a fake client: only the network is replaced.
vi.mock('better-auth/react', () => ({ createAuthClient: () => ({ organization }) }));
vi.mock('../functions', () => ({ $listTeams: listTeams, $listMyOrganizations: vi.fn() }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast }));

stubViewport(DESKTOP_WIDTH);

const ada = { userId: 'ada', name: 'Ada Lovelace', email: 'ada@example.com', image: null };
const grace = { userId: 'grace', name: 'Grace Hopper', email: 'grace@example.com', image: null };
const view: TeamsView = {
  teams: [
    { id: 'design', name: 'Design', members: [ada] },
    { id: 'engineering', name: 'Engineering', members: [] },
  ],
  members: [ada, grace],
};

/**
 * What the server holds: $listTeams answers it, and each better-auth call the test allows changes it as
 * the server would, so the section's re-read after a change finds the change there.
 */
let server: TeamsView = view;
const ok = (data: unknown = {}, change?: (state: TeamsView) => TeamsView) => {
  if (change) server = change(server);
  return Promise.resolve({ data, error: null });
};

function renderSection(role: string, data: TeamsView = view) {
  server = data;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: { id: 'me', name: 'Me', email: 'me@example.com', image: null, role: 'user', onboardedAt: null },
    session: { id: 's', impersonatedBy: null, activeOrganizationId: 'org-1' },
  });
  queryClient.setQueryData(organizationKeys.mine, [{ id: 'org-1', name: 'Acme', slug: 'acme', role }]);
  queryClient.setQueryData(organizationKeys.teams('org-1'), data);
  listTeams.mockImplementation(() => Promise.resolve(server));
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n()}>
        <Suspense>
          <TeamsSection />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const team = (name: string) => screen.getByRole('article', { name });

describe('the teams section', () => {
  beforeEach(() => {
    for (const call of Object.values(organization)) call.mockReset();
    listTeams.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows every team with its members, and a member of the organization no control', () => {
    renderSection('member');
    const design = team('Design');
    expect(within(design).getByText('Ada Lovelace')).toBeVisible();
    expect(within(design).getByText('1 member')).toBeVisible();
    expect(within(team('Engineering')).getByText('No members in this team yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New team' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Rename team/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete team/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it.each(['owner', 'admin'])('gives an organization %s every team control', (role) => {
    renderSection(role);
    expect(screen.getByRole('button', { name: 'New team' })).toBeVisible();
    const design = team('Design');
    expect(within(design).getByRole('button', { name: 'Rename team Design' })).toBeVisible();
    expect(within(design).getByRole('button', { name: 'Delete team Design' })).toBeVisible();
    expect(within(design).getByRole('button', { name: 'Remove Ada Lovelace from Design' })).toBeVisible();
    // Only the members not in the team yet are offered.
    const choices = within(within(design).getByRole('combobox', { name: 'Add a member to Design' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(choices).toEqual(['Choose a member', 'Grace Hopper (grace@example.com)']);
  });

  it('creates a team, checking the name first, and lists it at once', async () => {
    const user = userEvent.setup();
    organization.createTeam.mockImplementation(() =>
      ok({ id: 'ops', name: 'Operations' }, (state) => ({
        ...state,
        teams: [...state.teams, { id: 'ops', name: 'Operations', members: [] }],
      })),
    );
    renderSection('admin');
    await user.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    // The form's code arrives on the dialog's first opening.
    await within(dialog).findByRole('textbox', { name: 'Team name' });
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await within(dialog).findByText('Enter a name')).toBeVisible();
    expect(organization.createTeam).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name' }), '  Operations ');
    await user.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(organization.createTeam).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Operations', organizationId: 'org-1' }),
    );
    expect(team('Operations')).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Team Operations created');
  });

  it('renames a team', async () => {
    const user = userEvent.setup();
    organization.updateTeam.mockImplementation(() =>
      ok({ id: 'design', name: 'Product design' }, (state) => ({
        ...state,
        teams: state.teams.map((item) => (item.id === 'design' ? { ...item, name: 'Product design' } : item)),
      })),
    );
    renderSection('owner');
    await user.click(screen.getByRole('button', { name: 'Rename team Design' }));
    const field = await within(await screen.findByRole('dialog')).findByRole('textbox', {
      name: 'Team name',
    });
    expect(field).toHaveValue('Design');
    await user.clear(field);
    await user.type(field, 'Product design{Enter}');
    await waitFor(() => expect(team('Product design')).toBeVisible());
    expect(organization.updateTeam).toHaveBeenCalledWith(
      expect.objectContaining({
        teamId: 'design',
        data: { name: 'Product design', organizationId: 'org-1' },
      }),
    );
  });

  it('says the last team cannot be deleted when better-auth refuses, and keeps it', async () => {
    const user = userEvent.setup();
    const onlyOne = { teams: [{ id: 'design', name: 'Design', members: [] }], members: [ada] };
    organization.removeTeam.mockReturnValue(
      Promise.resolve({ data: null, error: { status: 400, code: 'UNABLE_TO_REMOVE_LAST_TEAM' } }),
    );
    renderSection('owner', onlyOne);
    await user.click(screen.getByRole('button', { name: 'Delete team Design' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The last team cannot be deleted.'));
    expect(team('Design')).toBeVisible();
  });

  it('deletes a team after confirmation', async () => {
    const user = userEvent.setup();
    organization.removeTeam.mockImplementation(() =>
      ok({ message: 'Team removed successfully.' }, (state) => ({
        ...state,
        teams: state.teams.filter((item) => item.id !== 'engineering'),
      })),
    );
    renderSection('admin');
    await user.click(screen.getByRole('button', { name: 'Delete team Engineering' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete team' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Engineering' })).toBeNull());
    expect(organization.removeTeam).toHaveBeenCalledWith(
      expect.objectContaining({ teamId: 'engineering', organizationId: 'org-1' }),
    );
  });

  it('adds a member of the organization to a team and removes one', async () => {
    const user = userEvent.setup();
    const design = (members: TeamsView['members']) => (state: TeamsView) => ({
      ...state,
      teams: state.teams.map((item) => (item.id === 'design' ? { ...item, members } : item)),
    });
    organization.addTeamMember.mockImplementation(() => ok({ id: 'tm' }, design([ada, grace])));
    organization.removeTeamMember.mockImplementation(() => ok({ message: 'ok' }, design([grace])));
    renderSection('owner');
    const add = within(team('Design')).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.selectOptions(
      within(team('Design')).getByRole('combobox', { name: 'Add a member to Design' }),
      'grace',
    );
    await user.click(add);
    await waitFor(() => expect(within(team('Design')).getByText('Grace Hopper')).toBeVisible());
    expect(organization.addTeamMember).toHaveBeenCalledWith(
      expect.objectContaining({ teamId: 'design', userId: 'grace' }),
    );
    // Everyone is in it now: nobody left to offer.
    expect(within(team('Design')).queryByRole('combobox')).toBeNull();

    await user.click(within(team('Design')).getByRole('button', { name: 'Remove Ada Lovelace from Design' }));
    await waitFor(() => expect(within(team('Design')).queryByText('Ada Lovelace')).toBeNull());
    expect(organization.removeTeamMember).toHaveBeenCalledWith(
      expect.objectContaining({ teamId: 'design', userId: 'ada' }),
    );
  });
});
