import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailPlus, RotateCw, UserMinus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { useSubmit } from '@/components/form/use-submit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { organizationCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { appConfig } from '~/app.config';
import { lazyPart } from '@/lib/lazy-part';
import { organizationSettingsMutations } from '../queries';
import { type OrganizationRoleName, organizationRoleNames } from '../search';
import type { ActiveOrganization, OrganizationInvitationRow, OrganizationMemberRow } from '../schema';
import { InvitationsCard, MembersCard } from './organization-sections';
import { OrganizationRoleBadges } from './organization-role-badges';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const InviteMemberForm = lazyPart(() =>
  import('./invite-member-form').then((module) => module.InviteMemberForm),
);

const ERROR_SCOPES = ['organization:settings.errors'];

const isOwner = (role: string) => role.split(',').includes('owner');

/** The roles the viewer may give: only an owner makes owners (better-auth refuses anyone else). */
const assignableRoles = (viewerRole: string) =>
  organizationRoleNames.filter((role) => role !== 'owner' || isOwner(viewerRole));

/**
 * The members with, as the viewer's role allows, a role picker and "Remove" on each row but their own
 * (leaving is the danger zone's), and "Invite member". An owner's row is the owners' to change.
 */
export function OrganizationMembers({ organization }: { organization: ActiveOrganization }) {
  const { t } = useTranslation('organization');
  const viewerId = useSession()?.user.id;
  const canChange = organizationCan(organization.role, { member: ['update'] });
  const canRemove = organizationCan(organization.role, { member: ['delete'] });
  const mayTouch = (member: OrganizationMemberRow) =>
    member.userId !== viewerId && (!isOwner(member.role) || isOwner(organization.role));

  return (
    <MembersCard
      members={organization.members}
      actions={
        organizationCan(organization.role, { invitation: ['create'] }) ? (
          <InviteDialog organization={organization} />
        ) : null
      }
      renderActions={(member) => (
        <>
          {member.userId === viewerId ? <Badge variant="outline">{t('settings.members.you')}</Badge> : null}
          {canChange && mayTouch(member) ? (
            <RolePicker organization={organization} member={member} />
          ) : (
            <OrganizationRoleBadges role={member.role} />
          )}
          {canRemove && mayTouch(member) ? (
            <RemoveMemberButton organization={organization} member={member} />
          ) : null}
        </>
      )}
    />
  );
}

const personOf = (member: OrganizationMemberRow) => member.name || member.email;

function RolePicker({
  organization,
  member,
}: {
  organization: ActiveOrganization;
  member: OrganizationMemberRow;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const updateRole = useMutation(organizationSettingsMutations(queryClient, organization.id).updateRole());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });

  const onChange = (role: OrganizationRoleName) =>
    run(
      () => updateRole.mutateAsync({ memberId: member.memberId, role }),
      () =>
        toast.success(
          t('settings.members.roleChanged', { name: personOf(member), role: t(`roles.${role}`) }),
        ),
    );

  return (
    <Select
      aria-label={t('settings.members.roleOf', { name: personOf(member) })}
      value={member.role}
      disabled={updateRole.isPending}
      onChange={(event) => void onChange(event.target.value as OrganizationRoleName)}
      className="w-auto min-w-28"
    >
      {assignableRoles(organization.role).map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </Select>
  );
}

function RemoveMemberButton({
  organization,
  member,
}: {
  organization: ActiveOrganization;
  member: OrganizationMemberRow;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const remove = useMutation(organizationSettingsMutations(queryClient, organization.id).removeMember());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const name = personOf(member);

  const onConfirm = () =>
    run(
      () => remove.mutateAsync(member.memberId),
      () => toast.success(t('settings.members.removed', { name })),
    );

  return (
    <ConfirmDialog
      title={t('settings.members.removeTitle')}
      description={t('settings.members.removeDescription', { name, organization: organization.name })}
      confirmLabel={t('settings.members.remove')}
      variant="destructive"
      onConfirm={onConfirm}
    >
      <Button variant="ghost" size="icon" aria-label={t('settings.members.removeLabel', { name })}>
        <UserMinus aria-hidden />
      </Button>
    </ConfirmDialog>
  );
}

/**
 * Pending invitations with, as the viewer's role allows, "Resend" and "Cancel invitation"; none for a
 * member who may not invite (the server sends them none).
 */
export function OrganizationInvitations({ organization }: { organization: ActiveOrganization }) {
  const canResend = organizationCan(organization.role, { invitation: ['create'] });
  const canCancel = organizationCan(organization.role, { invitation: ['cancel'] });
  if (!canResend) return null;
  return (
    <InvitationsCard
      invitations={organization.invitations}
      renderActions={(invitation) => (
        <InvitationActions
          organization={organization}
          invitation={invitation}
          canResend={canResend}
          canCancel={canCancel}
        />
      )}
    />
  );
}

function InvitationActions({
  organization,
  invitation,
  canResend,
  canCancel,
}: {
  organization: ActiveOrganization;
  invitation: OrganizationInvitationRow;
  canResend: boolean;
  canCancel: boolean;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const mutations = organizationSettingsMutations(queryClient, organization.id);
  const resend = useMutation(mutations.invite());
  const cancel = useMutation(mutations.cancelInvitation());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const { email } = invitation;

  return (
    <>
      {canResend ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          aria-label={t('settings.invitations.resendLabel', { email })}
          onClick={() =>
            void run(
              () =>
                resend.mutateAsync({ email, role: invitation.role as OrganizationRoleName, resend: true }),
              () => toast.success(t('settings.invitations.resent', { email })),
            )
          }
        >
          <RotateCw aria-hidden />
        </Button>
      ) : null}
      {canCancel ? (
        <ConfirmDialog
          title={t('settings.invitations.cancelTitle')}
          description={t('settings.invitations.cancelDescription', { email })}
          confirmLabel={t('settings.invitations.cancel')}
          variant="destructive"
          onConfirm={() =>
            run(
              () => cancel.mutateAsync(invitation.id),
              () => toast.success(t('settings.invitations.cancelled', { email })),
            )
          }
        >
          <Button variant="ghost" size="icon" aria-label={t('settings.invitations.cancelLabel', { email })}>
            <X aria-hidden />
          </Button>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** "Invite member": an address and a role, in the responsive dialog. */
function InviteDialog({ organization }: { organization: ActiveOrganization }) {
  const { t } = useTranslation('organization');
  return (
    <FormDialog
      title={t('settings.invite.title')}
      description={t('settings.invite.description', { hours: appConfig.organizations.invitationHours })}
      trigger={
        <Button variant="outline">
          <MailPlus aria-hidden />
          {t('settings.invite.action')}
        </Button>
      }
    >
      {(controls) => (
        <InviteMemberForm
          organization={organization}
          roles={assignableRoles(organization.role)}
          {...controls}
        />
      )}
    </FormDialog>
  );
}
