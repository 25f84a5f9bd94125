import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/components/form/form-field';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { Input } from '@/components/ui/input';
import { accountMutations } from '../queries';
import { zChangeNameForm } from '../schema';

/** The form of "Change name": the name, saved with better-auth; what was typed stays through errors. */
export function ChangeNameForm({
  currentName,
  onBusyChange,
  onClose,
}: {
  currentName: string;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const changeName = useMutation(accountMutations.changeName(queryClient));
  // What was typed stays in the field through validation and server errors.
  const form = useForm({ resolver: zodResolver(zChangeNameForm), defaultValues: { name: currentName } });
  const { formError, run } = useSubmit({
    form,
    fields: { INVALID_NAME: ['name', 'validation.name.invalid'] },
    scopes: ['account:errors'],
    show: 'alert',
    onBusyChange,
  });

  const onSubmit = form.handleSubmit(({ name }) =>
    // Saves, then reads the session again (the name shows in the header).
    run(
      () => changeName.mutateAsync(name),
      () => {
        toast.success(t('changeName.success'));
        onClose();
      },
    ),
  );

  const submitting = form.formState.isSubmitting;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('changeName.cancel')}
      onCancel={onClose}
      submitLabel={t('changeName.submit')}
      submitting={submitting}
    >
      <FormField control={form.control} name="name" ns="auth" label={t('changeName.label')}>
        {(field, control) => <Input {...field} {...control} autoComplete="name" autoFocus />}
      </FormField>
    </FormWithActions>
  );
}
