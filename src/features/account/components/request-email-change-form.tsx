import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { accountMutations } from '../queries';
import { zChangeEmailForm } from '../schema';
import { failureCode, translateError } from '@/lib/translate-error';

// Answers about the address itself show on the field; the rest above the buttons. An address that has
// an account is not refused here: the server answers as for any other (ADR 016).
const FIELD_ERRORS = new Set(['INVALID_EMAIL']);

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(zChangeEmailForm), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    if (email === currentEmail.toLowerCase()) {
      form.setError('email', { message: 'account:email.same' }, { shouldFocus: true });
      return;
    }
    try {
      await requestEmailChange.mutateAsync(email);
    } catch (error) {
      const code = failureCode(error);
      if (code && FIELD_ERRORS.has(code)) {
        form.setError('email', { message: `account:errors.${code}` }, { shouldFocus: true });
      } else {
        setFormError(translateError(t, error, ['account:errors']));
      }
      return;
    }
    toast.success(t('email.sent', { email }));
    onSent(email);
  });

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4">
      <FormField control={form.control} name="email" ns="auth" label={t('email.newLabel')}>
        {(field, control) => (
          <Input {...field} {...control} type="email" autoComplete="email" dir="ltr" autoFocus />
        )}
      </FormField>
      <FormAlert message={formError} />
      <FormActions
        cancelLabel={t('email.cancel')}
        onCancel={onCancel}
        submitLabel={t('email.send')}
        submitting={submitting}
      />
    </form>
  );
}
