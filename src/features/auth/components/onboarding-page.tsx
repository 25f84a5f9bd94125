import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { $completeOnboarding } from '../functions';
import { refreshSession } from '../queries';
import { type SessionInfo, zOnboardingForm } from '../schema';
import { AuthScreen } from './auth-screen';
import { EmailText } from './email-text';
import { SignOutButton } from './sign-out-button';

/** Shown by the /app and /manager layouts, in place of the page, until the user has chosen a name. */
export function OnboardingPage({ user }: { user: SessionInfo['user'] }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(zOnboardingForm), defaultValues: { name: user.name } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await $completeOnboarding({ data: values });
    } catch (error) {
      // The demo dialog explains a refusal of the read-only demo; the form adds nothing to it.
      if (isDemoRefusal(error)) return;
      const { code } = errorCodeOf(error);
      return setFormError(t(`common:errorCodes.${code}`, { defaultValue: t('common:errors.unknown') }));
    }
    // The layout reads the session: once it says onboarded, the page itself shows.
    await refreshSession(queryClient);
    await router.invalidate();
  });

  const submitting = form.formState.isSubmitting;
  return (
    <AuthScreen title={t('onboarding.title')} description={t('onboarding.description')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField control={form.control} name="name" ns="auth" label={t('onboarding.name.label')}>
          {(field, control) => <Input {...field} {...control} autoComplete="name" autoFocus />}
        </FormField>
        <FormAlert message={formError} />
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {t('onboarding.submit')}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-3 border-t pt-6 text-center text-sm text-muted-foreground">
        <p className="max-w-full">
          <Trans
            t={t}
            ns="auth"
            i18nKey="onboarding.loggedWith"
            values={{ email: user.email }}
            components={{ email: <EmailText email={user.email} /> }}
          />
        </p>
        <SignOutButton variant="ghost" />
      </div>
    </AuthScreen>
  );
}
