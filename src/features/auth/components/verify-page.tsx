import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { FormAlert } from '@/components/form/form-alert';
import { CodeField, showCodeFailure } from '@/components/form/code-field';
import { zodResolverOnDemand } from '@/components/form/zod-resolver-on-demand';
import { Button } from '@/components/ui/button';
import { authMutations, authQueries } from '../queries';
import { afterSignIn } from '../redirect';
import { AuthScreen } from './auth-screen';
import { EmailText } from './email-text';
import { ResendCodeButton } from './resend-code-button';
import { translateError } from '@/lib/translate-error';

// zod arrives once the code field takes the focus, not with the page (docs/performance.md#lazy-loaders).
const useVerifyResolver = zodResolverOnDemand(() => import('../schema').then((module) => module.zVerifyForm));

/**
 * /login/verify: the code sent to `email`; submits by itself once the sixth digit is in. The form also
 * works before hydration: it posts to /api/auth/form/code, which signs in and redirects, or comes back here
 * with the refusal's `error` code.
 */
export function VerifyPage({
  email,
  redirect,
  error = '',
}: {
  email: string;
  redirect: string;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(authQueries.config());
  const signIn = useMutation(authMutations.signIn(queryClient));
  const [formError, setFormError] = useState<string | null>(() =>
    error ? translateError(t, { code: error }) : null,
  );
  const { resolver, onFocus } = useVerifyResolver();
  // Re-checked on submit only: the sixth digit submits, so half a code never shows an error while typing.
  const form = useForm({
    resolver,
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  const signUp = config.signUpEnabled;

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    setFormError(null);
    try {
      await signIn.mutateAsync({ email, otp });
    } catch (error) {
      if (!showCodeFailure(form, error)) setFormError(translateError(t, error));
      return;
    }
    // The mutation filled the cache with the new session, which the guards of the next screen read.
    const session = queryClient.getQueryData(authQueries.session().queryKey);
    await navigate({ href: afterSignIn(redirect, session?.user.role), replace: true });
  });

  const submitting = form.formState.isSubmitting;
  const emailText = (
    // `ns` explicitly: until the fallback language has loaded, `t` from useTranslation is a wrapper
    // without its namespace, and Trans would look the key up in `common` (a hydration mismatch).
    <Trans
      t={t}
      ns="auth"
      i18nKey={signUp ? 'verify.descriptionSignUp' : 'verify.description'}
      values={{ email }}
      components={{ email: <EmailText email={email} /> }}
    />
  );

  return (
    <AuthScreen title={t(signUp ? 'verify.titleSignUp' : 'verify.title')} description={emailText}>
      <form
        method="post"
        action="/api/auth/form/code"
        onSubmit={onSubmit}
        onFocus={onFocus}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirect" value={redirect} />
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
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {t('verify.confirm')}
        </Button>
      </form>
      <div className="flex flex-col gap-1">
        <ResendCodeButton
          email={email}
          onError={setFormError}
          onSent={() => {
            form.reset({ otp: '' });
            form.setFocus('otp');
          }}
        />
        <Button variant="link" asChild className="self-center">
          <Link to="/login" search={redirect ? { redirect } : {}}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('verify.changeEmail')}
          </Link>
        </Button>
      </div>
    </AuthScreen>
  );
}
