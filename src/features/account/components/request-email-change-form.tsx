import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/components/form/form-field';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { Input } from '@/components/ui/input';
import { accountMutations } from '../queries';
import { zChangeEmailForm } from '../schema';

// Answers about the address itself show on the field; the rest above the buttons. An address that has
// an account is not refused here: the server answers as for any other (ADR 016).
const FIELD_ERRORS = { INVALID_EMAIL: ['email', 'account:errors.INVALID_EMAIL'] } as const;

/** Step one of a change of address: the new address, to which a code is mailed. */
export function RequestEmailChangeForm({
  currentEmail,
  onSent,
  onCancel,
}: {
  currentEmail: string;
  onSent: (newEmail: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const requestEmailChange = useMutation(accountMutations.requestEmailChange());
  const form = useForm({ resolver: zodResolver(zChangeEmailForm), defaultValues: { email: '' } });
  const { formError, setFormError, run } = useSubmit({
    form,
    fields: FIELD_ERRORS,
    scopes: ['account:errors'],
    show: 'alert',
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (email === currentEmail.toLowerCase()) {
      setFormError(null);
      form.setError('email', { message: 'account:email.same' }, { shouldFocus: true });
      return;
    }
    await run(
      () => requestEmailChange.mutateAsync(email),
      () => {
        toast.success(t('email.sent', { email }));
        onSent(email);
      },
    );
  });

  const submitting = form.formState.isSubmitting;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('email.cancel')}
      onCancel={onCancel}
      submitLabel={t('email.send')}
      submitting={submitting}
      className="border-t pt-4"
    >
      <FormField control={form.control} name="email" ns="auth" label={t('email.newLabel')}>
        {(field, control) => (
          <Input {...field} {...control} type="email" autoComplete="email" dir="ltr" autoFocus />
        )}
      </FormField>
    </FormWithActions>
  );
}
