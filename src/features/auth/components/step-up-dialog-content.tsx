import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { CodeField, showCodeFailure } from '@/components/form/code-field';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { translateError } from '@/lib/translate-error';
import { authMutations, refreshSession, signInCalls, useSession } from '../queries';
import { zVerifyForm } from '../schema';
import { stepUp } from '../step-up';
import { EmailText } from './email-text';
import { passkeyCancelled } from './passkey-sign-in';
import { ResendCodeButton } from './resend-code-button';

/**
 * The step-up dialog's body: a code is mailed to the signed-in address as it opens; the right code signs
 * this browser in again (the new session replaces the old one) and the waiting action runs again.
 * An administrator signed in as someone cannot receive their code: they are told to stop acting as them.
 */
export function StepUpDialogContent({ open }: { open: boolean }) {
  const { t } = useTranslation('auth');
  const session = useSession();
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !next && stepUp.settle(false)}
      title={t('stepUp.title')}
      description={t('stepUp.description', { minutes: appConfig.auth.recentSignInMinutes })}
    >
      {!session ? null : session.session.impersonatedBy ? (
        <p className="text-sm">{t('stepUp.impersonating')}</p>
      ) : open ? (
        <StepUpForm email={session.user.email} />
      ) : null}
    </ResponsiveDialog>
  );
}

function StepUpForm({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const signIn = useMutation(authMutations.signIn(queryClient));
  const form = useForm({
    resolver: zodResolver(zVerifyForm),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  // A wrong, expired or used-up code is the code field's; the rest shows above the buttons.
  const { formError, setFormError, run } = useSubmit({
    handle: (error) => showCodeFailure(form, error),
    show: 'alert',
  });
  // One code per opening, sent as the form appears (StrictMode's second effect run sends nothing).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    signInCalls.sendCode(email).catch((error: unknown) => setFormError(translateError(t, error)));
  }, [email, t, setFormError]);

  const onSubmit = form.handleSubmit(({ otp }) =>
    run(
      () => signIn.mutateAsync({ email, otp }),
      () => stepUp.settle(true),
    ),
  );

  // Or a passkey of this account (the server refuses another account's key).
  const [passkeyPending, setPasskeyPending] = useState(false);
  const confirmWithPasskey = async () => {
    setFormError(null);
    setPasskeyPending(true);
    try {
      await signInCalls.signInWithPasskey(false);
    } catch (error) {
      if (!passkeyCancelled(error)) setFormError(translateError(t, error));
      return;
    } finally {
      setPasskeyPending(false);
    }
    await refreshSession(queryClient);
    stepUp.settle(true);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          ns="auth"
          i18nKey="stepUp.codeSent"
          values={{ email }}
          components={{ email: <EmailText email={email} /> }}
        />
      </p>
      <CodeField
        control={form.control}
        name="otp"
        label={t('verify.code.label')}
        hideLabel
        description={t('verify.expires', { count: appConfig.auth.otpExpiryMinutes })}
        onComplete={() => {
          if (!form.formState.isSubmitting) void onSubmit();
        }}
      />
      <FormAlert message={formError} />
      {typeof window.PublicKeyCredential === 'function' ? (
        <Button
          type="button"
          variant="outline"
          disabled={passkeyPending}
          aria-busy={passkeyPending}
          onClick={() => void confirmWithPasskey()}
        >
          <KeyRound aria-hidden />
          {t('stepUp.usePasskey')}
        </Button>
      ) : null}
      <ResendCodeButton
        email={email}
        onError={setFormError}
        onSent={() => {
          form.reset({ otp: '' });
          form.setFocus('otp');
        }}
      />
      <FormActions
        cancelLabel={t('stepUp.cancel')}
        onCancel={() => stepUp.settle(false)}
        submitLabel={t('stepUp.confirm')}
        submitting={form.formState.isSubmitting}
      />
    </form>
  );
}
