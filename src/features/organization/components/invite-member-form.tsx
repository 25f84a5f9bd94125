import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField, SelectField } from '@/components/form/fields';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { organizationSettingsMutations } from '../queries';
import type { OrganizationRoleName } from '../search';
import { type ActiveOrganization, zInviteForm } from '../schema';

const ERROR_SCOPES = ['organization:settings.errors'];

/** Refusals about the invited address: shown under the address field, what was typed stays. */
const EMAIL_FIELDS = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: [
    'email',
    'organization:settings.errors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
  ],
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: [
    'email',
    'organization:settings.errors.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
  ],
} as const;

/** The invitation form of "Invite member": an address and one of `roles`. */
export function InviteMemberForm({
  organization,
  roles,
  onBusyChange,
  onClose,
}: {
  organization: ActiveOrganization;
  /** The roles the viewer may give. */
  roles: readonly OrganizationRoleName[];
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const invite = useMutation(organizationSettingsMutations(queryClient, organization.id).invite());
  const form = useForm({
    resolver: zodResolver(zInviteForm),
    defaultValues: { email: '', role: 'member' as OrganizationRoleName },
  });
  const { formError, run } = useSubmit({
    form,
    fields: EMAIL_FIELDS,
    scopes: ERROR_SCOPES,
    show: 'alert',
    onBusyChange,
  });

  const onSubmit = form.handleSubmit((values) =>
    run(
      () => invite.mutateAsync(values),
      () => {
        toast.success(t('settings.invite.sent', { email: values.email }));
        onClose();
      },
    ),
  );

  const submitting = form.formState.isSubmitting;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('create.cancel')}
      onCancel={onClose}
      submitLabel={t('settings.invite.submit')}
      submitting={submitting}
    >
      <InputField
        control={form.control}
        name="email"
        ns="auth"
        label={t('settings.invite.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        autoFocus
      />
      <SelectField control={form.control} name="role" ns="organization" label={t('settings.invite.role')}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </SelectField>
    </FormWithActions>
  );
}
