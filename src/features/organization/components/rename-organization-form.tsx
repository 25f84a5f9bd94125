import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form/fields';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { organizationSettingsMutations } from '../queries';
import { type ActiveOrganization, zOrganizationForm } from '../schema';

/** Server refusals that belong to one field: the message shows under it, what was typed stays. */
const FIELDS = {
  INVALID_ORGANIZATION_NAME: ['name', 'auth:errors.INVALID_ORGANIZATION_NAME'],
  INVALID_ORGANIZATION_SLUG: ['slug', 'auth:errors.INVALID_ORGANIZATION_SLUG'],
  ORGANIZATION_SLUG_ALREADY_TAKEN: ['slug', 'auth:errors.ORGANIZATION_SLUG_ALREADY_TAKEN'],
} as const;

/** The form of "Rename": the organization's name and its address (slug). */
export function RenameForm({
  organization,
  onBusyChange,
  onClose,
}: {
  organization: ActiveOrganization;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const update = useMutation(organizationSettingsMutations(queryClient, organization.id).update());
  const form = useForm({
    resolver: zodResolver(zOrganizationForm),
    defaultValues: { name: organization.name, slug: organization.slug },
  });
  const { formError, run } = useSubmit({ form, fields: FIELDS, show: 'alert', onBusyChange });

  const onSubmit = form.handleSubmit((values) =>
    run(
      () => update.mutateAsync(values),
      () => {
        toast.success(t('settings.general.saved', { name: values.name }));
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
      submitLabel={t('settings.general.save')}
      submitting={submitting}
    >
      <InputField
        control={form.control}
        name="name"
        ns="organization"
        label={t('manager.detail.name')}
        autoComplete="organization"
        dir="auto"
        autoFocus
      />
      <InputField
        control={form.control}
        name="slug"
        ns="organization"
        label={t('settings.general.slug')}
        description={t('settings.general.slugHint')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
      />
    </FormWithActions>
  );
}
