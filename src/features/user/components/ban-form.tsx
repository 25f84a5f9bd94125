import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { userMutations } from '../queries';
import { BanFields, type BanForm, banFormDefaults, banRequestOf, zBanForm } from './ban-fields';

/** The ban dialog's form: an optional reason and a duration, with the end date shown before confirming. */
export function BanFormBody({
  user,
  onBusyChange,
  onClose,
}: {
  user: { id: string; name: string };
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const banUser = useMutation(userMutations.ban(queryClient, user.id));
  const [now] = useState(() => new Date());
  const form = useForm<BanForm>({ resolver: zodResolver(zBanForm), defaultValues: banFormDefaults });
  const { formError, setFormError, run } = useSubmit({
    scopes: ['user:ban.errors', 'user:errors'],
    show: 'alert',
    onBusyChange,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const request = banRequestOf(form, values);
    // An end date that passed while the dialog stayed open is the date field's to say.
    if (!request) return setFormError(null);
    await run(
      // The user's lists and detail are read again before the dialog closes.
      () => banUser.mutateAsync(request),
      () => {
        toast.success(t('ban.success', { name: user.name }));
        onClose();
      },
    );
  });

  const submitting = form.formState.isSubmitting;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('ban.cancel')}
      onCancel={onClose}
      submitLabel={t('ban.submit')}
      submitting={submitting}
      variant="destructive"
    >
      <BanFields form={form} now={now} />
    </FormWithActions>
  );
}
