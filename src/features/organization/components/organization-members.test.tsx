import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/queries';
import { createTestI18n } from '@/test/i18n';
import { DESKTOP_WIDTH, stubViewport } from '@/test/viewport';
import type { ActiveOrganization } from '../schema';
import { OrganizationInvitations, OrganizationMembers } from './organization-members';
// Fetched by the dialog on its first opening; loaded ahead so that the first test does not wait for its
// transform.
import './invite-member-form';

const { organization, getActiveOrganization, toast } = vi.hoisted(() => ({
  organization: {
    inviteMember: vi.fn(),
    cancelInvitation: vi.fn(),
    updateMemberRole: vi.fn(),
    removeMember: vi.fn(),
  },
  getActiveOrganization: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
// The real `authRequest` runs over a fake client: only the network is replaced.
vi.mock('better-auth/react', () => ({ createAuthClient: () => ({ organization }) }));
vi.mock('../functions', () => ({ $getActiveOrganization: getActiveOrganization }));
vi.mock('@/features/auth/functions', () => ({ $getSession: vi.fn(), $getAuthConfig: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({ toast }));

stubViewport(DESKTOP_WIDTH);

const person = (userId: string, name: string, role: string) => ({
  memberId: `m-${userId}`,
  userId,
  name,
  email: `${userId}@example.com`,
  image: null,
  role,
  joinedAt: '2026-01-02T03:04:05.000Z',
});

/** Acme as `me` sees it with `role`: an owner (Olga), an admin (Adam), a member (Mia), and me. */
function acme(role: string): ActiveOrganization {
  return {
    id: 'org-1',
    name: 'Acme',
    slug: 'acme',
    createdAt: '2026-01-01T00:00:00.000Z',
    repositoryCount: 3,
    role,
    members: [
      person('olga', 'Olga Owner', 'owner'),
      person('adam', 'Adam Admin', 'admin'),
      person('mia', 'Mia Member', 'member'),
      person('me', 'Me Myself', role),
    ],
    invitations: [
      {
        id: 'inv-1',
        email: 'new@example.com',
        role: 'member',
        inviterName: 'Olga Owner',
        expiresAt: '2026-01-03T00:00:00.000Z',
      },
    ],
    teams: [],
  };
}

function renderScreen(role: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    user: {
      id: 'me',
      name: 'Me Myself',
      email: 'me@example.com',
      image: null,
      role: 'user',
      onboardedAt: null,
    },
    session: { id: 's', impersonatedBy: null, activeOrganizationId: 'org-1' },
  });
  getActiveOrganization.mockResolvedValue(acme(role));
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createTestI18n()}>
        <OrganizationMembers organization={acme(role)} />
        <OrganizationInvitations organization={acme(role)} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const roleOf = (name: string) => screen.queryByRole('combobox', { name: `Role of ${name}` });
const removeButton = (name: string) =>
  screen.queryByRole('button', { name: `Remove ${name} from the organization` });

describe('the organization screen’s members and invitations', () => {
  beforeEach(() => {
    for (const call of Object.values(organization)) call.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('gives an owner every control but on their own row, and the owner role to give', () => {
    renderScreen('owner');
    for (const name of ['Olga Owner', 'Adam Admin', 'Mia Member']) {
      expect(roleOf(name)).not.toBeNull();
      expect(removeButton(name)).not.toBeNull();
    }
    expect(roleOf('Me Myself')).toBeNull();
    expect(removeButton('Me Myself')).toBeNull();
    const options = within(roleOf('Mia Member') as HTMLElement).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Member', 'Admin', 'Owner']);
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Send the invitation to new@example.com again' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel the invitation to new@example.com' })).toBeEnabled();
  });

  it('keeps an admin off the owners’ rows and the owner role', () => {
    renderScreen('admin');
    expect(roleOf('Olga Owner')).toBeNull();
    expect(removeButton('Olga Owner')).toBeNull();
    const options = within(roleOf('Mia Member') as HTMLElement).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Member', 'Admin']);
    expect(removeButton('Adam Admin')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeEnabled();
  });

  it('shows a member the members, no control and no pending invitation', () => {
    renderScreen('member');
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /invitation/ })).toBeNull();
    expect(screen.queryByText('new@example.com')).toBeNull();
    const list = screen.getByRole('list', { name: 'Members (4)' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByText('You')).toBeVisible();
  });

  it('changes a role through better-auth and says so; a refusal is translated and changes nothing', async () => {
    const user = userEvent.setup();
    organization.updateMemberRole.mockResolvedValueOnce({ data: {}, error: null });
    renderScreen('owner');
    await user.selectOptions(roleOf('Mia Member') as HTMLElement, 'admin');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Mia Member is now Admin'));
    expect(organization.updateMemberRole).toHaveBeenCalledWith(
      expect.objectContaining({ memberId: 'm-mia', role: 'admin', organizationId: 'org-1' }),
    );

    organization.updateMemberRole.mockResolvedValueOnce({
      data: null,
      error: { status: 403, code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER', message: 'library text' },
    });
    await user.selectOptions(roleOf('Adam Admin') as HTMLElement, 'member');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You are not allowed to update this member'),
    );
    // The picker shows the role the server still holds.
    expect(roleOf('Adam Admin')).toHaveValue('admin');
  });

  it('invites an address with a role; "already invited" shows under the address, which stays', async () => {
    const user = userEvent.setup();
    organization.inviteMember.mockResolvedValueOnce({
      data: null,
      error: { status: 400, code: 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION', message: 'library text' },
    });
    renderScreen('owner');
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    // The form's code arrives on the dialog's first opening.
    const email = await within(dialog).findByRole('textbox', { name: 'E-mail address' });
    await user.type(email, ' New@Example.com ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This address is already invited')).toBeVisible();
    // An e-mail input trims its value itself; the case typed stays.
    expect(email).toHaveValue('New@Example.com');
    expect(organization.inviteMember).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'new@example.com', role: 'admin', organizationId: 'org-1' }),
    );

    organization.inviteMember.mockResolvedValueOnce({ data: { id: 'inv-2' }, error: null });
    await user.clear(email);
    await user.type(email, 'other@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invitation sent to other@example.com'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
