import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SeparatorText } from '@/components/ui/separator-text';
import { authRequest } from '@/lib/auth-client';
import { translateAuthError } from '../errors';
import { authQueries } from '../queries';
import { loginFormResolver } from '../login-form';
import { AuthScreen } from './auth-screen';
import { LoginHint } from './login-hint';
import { ProviderButtons } from './provider-buttons';

/**
 * /login: e-mail for a one-time code, plus a button per provider. With sign-up on, the wording is the
 * combined "Continue with …" variant.
 */
export function LoginPage({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: config } = useSuspenseQuery(authQueries.config());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: loginFormResolver, defaultValues: { email: '' } });
  const signUp = config.signUpEnabled;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    const { error } = await authRequest((client, fetchOptions) =>
      client.emailOtp.sendVerificationOtp({ email, type: 'sign-in', fetchOptions }),
    );
    // The typed address stays in the field, whatever went wrong.
    if (error) return setFormError(translateAuthError(t, error));
    await navigate({ to: '/login/verify', search: { email, redirect } });
  });

  return (
    <AuthScreen
      title={t('login.title')}
      description={t(signUp ? 'login.descriptionSignUp' : 'login.description')}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField control={form.control} name="email" ns="auth" label={t('login.email.label')}>
          {(field, control) => (
            <Input
              {...field}
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              className="text-start rtl:text-end"
              placeholder={t('login.email.placeholder')}
            />
          )}
        </FormField>
        <FormAlert message={formError} />
        <Button
          type="submit"
          className="w-full"
          disabled={form.formState.isSubmitting}
          aria-busy={form.formState.isSubmitting}
        >
          <Mail aria-hidden />
          {t(signUp ? 'login.submitSignUp' : 'login.submit')}
        </Button>
      </form>
      {config.providers.length > 0 ? (
        <>
          <SeparatorText>{t('login.or')}</SeparatorText>
          <ProviderButtons
            providers={config.providers}
            signUp={signUp}
            redirect={redirect}
            onError={setFormError}
          />
        </>
      ) : null}
      {config.development || config.demo ? (
        <LoginHint
          config={config}
          onPick={(email) => form.setValue('email', email, { shouldValidate: true, shouldDirty: true })}
        />
      ) : null}
    </AuthScreen>
  );
}
