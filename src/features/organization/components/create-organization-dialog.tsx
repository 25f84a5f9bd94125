import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { InputField } from '@/components/form/fields';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { toast } from '@/components/ui/toast';
import { failureCode, translateError } from '@/lib/translate-error';
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateOrganizationForm>({
    resolver: zodResolver(zCreateOrganizationForm),
    defaultValues: { name: '' },
  });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFormError(null);
    onBusyChange(true);
    try {
      await create.mutateAsync(name);
    } catch (error) {
      if (failureCode(error) === 'INVALID_ORGANIZATION_NAME') {
        form.setError('name', { message: 'organization:validation.name.required' }, { shouldFocus: true });
      } else {
        setFormError(translateError(t, error, ['organization:errors']));
      }
      return;
    } finally {
      onBusyChange(false);
    }
    toast.success(t('create.done', { name }));
    onClose();
    await router.navigate({ to: '/app' });
    await router.invalidate();
  });

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
