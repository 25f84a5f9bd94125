import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { passkeyMutations } from '../queries';
import { type PasskeyView, zRenamePasskeyForm } from '../schema';

const ERROR_SCOPES = ['account:passkeys.errors'];

/** The form of "Rename" for one passkey: its name as the account's list shows it. */
export function RenamePasskeyForm({
  passkey,
  onBusyChange,
  onClose,
}: {
  passkey: PasskeyView;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const rename = useMutation(passkeyMutations.rename(queryClient));
  const form = useForm({
    resolver: zodResolver(zRenamePasskeyForm),
    defaultValues: { name: passkey.name ?? '' },
  });
  const { formError, run } = useSubmit({
    form,
    fields: { INVALID_PASSKEY_NAME: ['name', 'passkeys.name.required'] },
    scopes: ERROR_SCOPES,
    show: 'alert',
    onBusyChange,
  });
  const onSubmit = form.handleSubmit(({ name }) =>
    run(
      () => rename.mutateAsync({ id: passkey.id, name }),
      () => {
        toast.success(t('passkeys.renamed'));
        onClose();
      },
    ),
  );
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('passkeys.cancel')}
      onCancel={onClose}
      submitLabel={t('passkeys.save')}
      submitting={form.formState.isSubmitting}
    >
      <FormField control={form.control} name="name" ns="account" label={t('passkeys.name.label')}>
        {(field, control) => <Input {...field} {...control} autoComplete="off" autoFocus />}
      </FormField>
    </FormWithActions>
  );
}
