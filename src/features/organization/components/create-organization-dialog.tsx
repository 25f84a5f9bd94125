import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { organizationMutations } from '../queries';
import { type CreateOrganizationForm, zCreateOrganizationForm } from '../schema';

/**
 * "New organization": its name, then the user owns it and works in it (the screen's data is read again
 * for it). Reaching the number of organizations a user may own shows the spec's message.
 */
export function CreateOrganizationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('organization');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.description')}
    >
      {(controls) => <CreateOrganizationFormBody {...controls} />}
    </FormDialog>
  );
}

function CreateOrganizationFormBody({
  onBusyChange,
  onClose,
}: {
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const router = useRouter();
  const create = useMutation(organizationMutations.create(queryClient));
  const form = useForm<CreateOrganizationForm>({
    resolver: zodResolver(zCreateOrganizationForm),
    defaultValues: { name: '' },
  });
  const { formError, run } = useSubmit({
    form,
    fields: { INVALID_ORGANIZATION_NAME: ['name', 'organization:validation.name.required'] },
    scopes: ['organization:errors'],
    show: 'alert',
    onBusyChange,
  });

  const onSubmit = form.handleSubmit(({ name }) =>
    run(
      () => create.mutateAsync(name),
      async () => {
        toast.success(t('create.done', { name }));
        onClose();
        await router.navigate({ to: '/app' });
        await router.invalidate();
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
      submitLabel={t('create.submit')}
      submitting={submitting}
    >
      <InputField
        control={form.control}
        name="name"
        ns="organization"
        label={t('create.name')}
        dir="auto"
        autoComplete="organization"
        autoFocus
      />
    </FormWithActions>
  );
}
