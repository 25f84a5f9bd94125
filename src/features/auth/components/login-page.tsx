import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '@/components/form/field-frame';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SeparatorText } from '@/components/ui/separator-text';
import { authQueries, signInCalls } from '../queries';
import { useLastLoginMethod } from '../last-login-method';
import { checkLoginEmail } from '../login-form';
import { AuthScreen } from './auth-screen';
import { LastUsedMark } from './last-used-mark';
import { PasskeySignIn } from './passkey-sign-in';
import { ProviderButtons } from './provider-buttons';
import { translateError } from '@/lib/translate-error';
import { lazyPart } from '@/lib/lazy-part';

// Development and demo help only: a production sign-in page never shows it, so never downloads it.
const LoginHint = lazyPart(() => import('./login-hint').then((module) => module.LoginHint));

const errorOf = (value: string) => {
  const checked = checkLoginEmail(value);
  return 'error' in checked ? checked.error : undefined;
};

/**
 * The sign-in form's one field, the way react-hook-form handled it before (ADR 013): checked on submit
 * (focus goes to the field when it is wrong), then again on every change; the sample-account buttons fill
 * and check it at once. Submits the checked address (trimmed, lower-cased). `submittedBefore`: the form
 * was posted without JavaScript and came back refused, so the field shows why from the first render.
 */
function useEmailField(initial: string, submittedBefore: boolean) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(() => (submittedBefore ? errorOf(initial) : undefined));
  const [submitted, setSubmitted] = useState(submittedBefore);
  const ref = useRef<HTMLInputElement>(null);
  const check = (next: string) => {
    const checked = checkLoginEmail(next);
    setError('error' in checked ? checked.error : undefined);
    return checked;
  };
  return {
    value,
    error,
    ref,
    change: (next: string) => {
      setValue(next);
      if (submitted) check(next);
    },
    fill: (next: string) => {
      setValue(next);
      check(next);
    },
    /** The address to send, or null (the field shows why, and has focus). */
    submit: (): string | null => {
      setSubmitted(true);
      const checked = check(value);
      if ('email' in checked) return checked.email;
      ref.current?.focus();
      return null;
    },
  };
}

/**
 * /login: e-mail for a one-time code, plus a button per provider. With sign-up on, the wording is the
 * combined "Continue with …" variant. `email` prefills the field (from the URL: an invitation's page
 * sends its invited address), still editable. The form also works before hydration: it posts to
 * /api/auth/form/email, which comes back here with the typed address and the refusal's `error` code.
 */
export function LoginPage({
  redirect,
  email = '',
  error = '',
}: {
  redirect: string;
  email?: string;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { data: config } = useSuspenseQuery(authQueries.config());
  const invalidAddress = error === 'INVALID_EMAIL';
  const [formError, setFormError] = useState<string | null>(() =>
    error && !invalidAddress ? translateError(t, { code: error }) : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const emailField = useEmailField(email, invalidAddress);
  const signUp = config.signUpEnabled;
  // The demo's sample accounts have no passkeys and cannot register one.
  const passkeys = !config.demo;
  const lastUsed = useLastLoginMethod();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const email = emailField.submit();
    if (email === null) return;
    setFormError(null);
    setSubmitting(true);
    try {
      try {
        await signInCalls.sendCode(email);
      } catch (error) {
        // The typed address stays in the field, whatever went wrong.
        return setFormError(translateError(t, error));
      }
      await navigate({ to: '/login/verify', search: { email, redirect } });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthScreen
      title={t('login.title')}
      description={t(signUp ? 'login.descriptionSignUp' : 'login.description')}
    >
      <form
        method="post"
        action="/api/auth/form/email"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="redirect" value={redirect} />
        <FieldFrame ns="auth" label={t('login.email.label')} error={emailField.error}>
          {(control) => (
            <Input
              name="email"
              value={emailField.value}
              onChange={(event) => emailField.change(event.target.value)}
              ref={emailField.ref}
              {...control}
              type="email"
              // `webauthn`: the browser may suggest this site's passkeys here (PasskeySignIn).
              autoComplete={passkeys ? 'email webauthn' : 'email'}
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              className="text-start rtl:text-end"
              placeholder={t('login.email.placeholder')}
            />
          )}
        </FieldFrame>
        <FormAlert message={formError} />
        <Button type="submit" className="relative w-full" disabled={submitting} aria-busy={submitting}>
          <Mail aria-hidden />
          {t(signUp ? 'login.submitSignUp' : 'login.submit')}
          {lastUsed === 'email-otp' ? <LastUsedMark /> : null}
        </Button>
      </form>
      {passkeys || config.providers.length > 0 ? (
        <>
          <SeparatorText>{t('login.or')}</SeparatorText>
          <div className="flex flex-col gap-2">
            {passkeys ? (
              <PasskeySignIn
                redirect={redirect}
                autofillField={emailField.ref}
                lastUsed={lastUsed === 'passkey'}
                onError={setFormError}
              />
            ) : null}
            {config.providers.length > 0 ? (
              <ProviderButtons
                providers={config.providers}
                signUp={signUp}
                redirect={redirect}
                lastUsed={lastUsed}
                onError={setFormError}
              />
            ) : null}
          </div>
        </>
      ) : null}
      {config.development || config.demo ? <LoginHint config={config} onPick={emailField.fill} /> : null}
    </AuthScreen>
  );
}
