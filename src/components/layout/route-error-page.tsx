import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { errorCodeOf } from '@/lib/errors';
import { ErrorPage, ForbiddenPage } from './error-page';

/**
 * The error boundary: a translated message (never raw library text), Try Again, Back and Home. A refusal
 * (`FORBIDDEN`, e.g. from an area guard) is the 403 page: trying again would not change it.
 */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  if (errorCodeOf(error).code === 'FORBIDDEN') return <ForbiddenPage />;
  return <RetryableErrorPage error={error} />;
}

function RetryableErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const [retrying, setRetrying] = useState(false);
  const { code } = errorCodeOf(error);
  const message = t(`errorCodes.${code}`, { defaultValue: t('errors.unknown') });

  const retry = () => {
    setRetrying(true);
    // A short pause lets a flapping backend settle and shows the button is working.
    setTimeout(() => {
      queryReset.reset();
      void router.invalidate().finally(() => setRetrying(false));
    }, appConfig.errorBoundaryRetryDelayMs);
  };

  return (
    <ErrorPage kind="unknown" message={message}>
      <Button onClick={retry} disabled={retrying} aria-busy={retrying}>
        {t('actions.tryAgain')}
      </Button>
    </ErrorPage>
  );
}
