import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { InputField } from '@/components/form/fields';
import { useSubmit } from '@/components/form/use-submit';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
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
  const [busy, setBusy] = useState(false);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t('create.title')}
      description={t('create.description')}
    >
      <CreateOrganizationFormBody onBusyChange={setBusy} onClose={() => onOpenChange(false)} />
    </ResponsiveDialog>
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField
        control={form.control}
        name="name"
        ns="organization"
        label={t('create.name')}
        dir="auto"
        autoComplete="organization"
        autoFocus
      />
      <FormAlert message={formError} />
      <FormActions
        cancelLabel={t('create.cancel')}
        onCancel={onClose}
        submitLabel={t('create.submit')}
        submitting={submitting}
      />
    </form>
  );
}
