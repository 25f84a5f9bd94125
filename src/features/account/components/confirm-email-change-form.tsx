import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { appConfig } from '~/app.config';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { refreshSession } from '@/features/auth/queries';
import { authRequest } from '@/lib/auth-client';
import { accountErrorCode, translateAccountError } from '../errors';
import { zEmailCodeForm } from '../schema';
import { EmailAddress } from './email-address';

// Errors about the code itself show on the field, like on the sign-in screen.
const CODE_ERRORS = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

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
  const [formError, setFormError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm({
    resolver: zodResolver(zEmailCodeForm),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    setFormError(null);
    const { error } = await authRequest((client, fetchOptions) =>
      client.emailOtp.changeEmail({ newEmail, otp, fetchOptions }),
    );
    if (error) {
      const code = accountErrorCode(error);
      if (code && CODE_ERRORS.has(code)) {
        form.setValue('otp', '');
        form.setError('otp', { message: `errors.${code}` }, { shouldFocus: true });
      } else {
        setFormError(translateAccountError(t, error));
      }
      return;
    }
    toast.success(t('email.changed'));
    await refreshSession(queryClient);
    onDone();
  });

  const resend = async () => {
    setFormError(null);
    setResending(true);
    const { error } = await authRequest((client, fetchOptions) =>
      client.emailOtp.requestEmailChange({ newEmail, fetchOptions }),
    );
    setResending(false);
    if (error) return setFormError(translateAccountError(t, error));
    form.reset({ otp: '' });
    form.setFocus('otp');
    toast.success(t('email.sent', { email: newEmail }));
  };

  const submitting = form.formState.isSubmitting;
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
      <FormField
        control={form.control}
        name="otp"
        ns="auth"
        label={t('email.codeLabel')}
        description={t('email.expires', { count: appConfig.auth.otpExpiryMinutes })}
        className="justify-items-center text-center"
      >
        {(field, control) => (
          <CodeInput
            {...field}
            {...control}
            length={appConfig.auth.otpLength}
            autoFocus
            onComplete={() => {
              if (!form.formState.isSubmitting) void onSubmit();
            }}
          />
        )}
      </FormField>
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
