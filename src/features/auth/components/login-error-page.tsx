import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AuthScreen } from './auth-screen';

const cases = {
  signup_disabled: 'signupDisabled',
  access_denied: 'accessDenied',
} as const;

/** Which message a provider's `?error=` gets: two known cases, everything else is `unknownError`. */
function loginErrorCase(error: string): 'signupDisabled' | 'accessDenied' | 'unknownError' {
  return Object.hasOwn(cases, error) ? cases[error as keyof typeof cases] : 'unknownError';
}

/** /login/error: where better-auth sends the browser when a provider sign-in fails. */
export function LoginErrorPage({ error }: { error: string }) {
  const { t } = useTranslation('auth');
  const key = loginErrorCase(error);
  return (
    <AuthScreen title={t(`loginError.${key}.title`)} description={t(`loginError.${key}.description`)}>
      <Button asChild className="w-full">
        <Link to="/login">
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('loginError.backToLogin')}
        </Link>
      </Button>
    </AuthScreen>
  );
}
