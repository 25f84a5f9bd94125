import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { appConfig } from '~/app.config';
import { FormAlert } from '@/components/form/form-alert';
import { CodeField, showCodeFailure } from '@/components/form/code-field';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { accountMutations } from '../queries';
import { zEmailCodeForm } from '../schema';
import { EmailAddress } from './email-address';

/** Step two of a change of address: the code mailed to `newEmail`; the sixth digit submits it. */
export function ConfirmEmailChangeForm({
  newEmail,
  onDone,
  onCancel,
}: {
  newEmail: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const changeEmail = useMutation(accountMutations.changeEmail(queryClient));
  const requestEmailChange = useMutation(accountMutations.requestEmailChange());
  const form = useForm({
    resolver: zodResolver(zEmailCodeForm),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  // A wrong, expired or used-up code is the code field's; the rest shows above the buttons.
  const { formError, run } = useSubmit({
    handle: (error) => showCodeFailure(form, error),
    scopes: ['account:errors'],
    show: 'alert',
  });

  const onSubmit = form.handleSubmit(({ otp }) =>
    run(
      // Reads the session again, with the new address, before saying it is done.
      () => changeEmail.mutateAsync({ newEmail, otp }),
      () => {
        toast.success(t('email.changed'));
        onDone();
      },
    ),
  );

  const resend = () =>
    run(
      () => requestEmailChange.mutateAsync(newEmail),
      () => {
        form.reset({ otp: '' });
        form.setFocus('otp');
        toast.success(t('email.sent', { email: newEmail }));
      },
    );

  const submitting = form.formState.isSubmitting;
  const resending = requestEmailChange.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4">
      <p className="text-sm">
        <Trans
          t={t}
          ns="account"
          i18nKey="email.codeSent"
          values={{ email: newEmail }}
          components={{
            email: <EmailAddress email={newEmail} className="font-medium [overflow-wrap:anywhere]" />,
          }}
        />
      </p>
      <CodeField
        control={form.control}
        name="otp"
        label={t('email.codeLabel')}
        description={t('email.expires', { count: appConfig.auth.otpExpiryMinutes })}
        onComplete={() => {
          if (!form.formState.isSubmitting) void onSubmit();
        }}
      />
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse flex-wrap gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={submitting}>
          {t('email.useAnother')}
        </Button>
        <Button type="button" variant="outline" onClick={resend} disabled={submitting || resending}>
          {t('email.resend')}
        </Button>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {t('email.confirm')}
        </Button>
      </div>
    </form>
  );
}
