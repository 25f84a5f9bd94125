import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { errorCodeOf } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { ErrorPage } from './error-page';

/**
 * The error boundary: a translated message (never raw library text), Home (to `home`), Try Again and Back.
 * A refusal (`FORBIDDEN`, e.g. from an area guard) is the 403 page: trying again would not change it.
 */
export function RouteErrorPage({ error, home }: Pick<ErrorComponentProps, 'error'> & { home?: string }) {
  if (errorCodeOf(error).code === 'FORBIDDEN') return <ErrorPage kind="forbidden" home={home} />;
  return <RetryableErrorPage error={error} home={home} />;
}

function RetryableErrorPage({ error, home }: { error: unknown; home: string | undefined }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const [retrying, setRetrying] = useState(false);
  const { code } = errorCodeOf(error);
  const unavailable = code === 'SERVICE_UNAVAILABLE';
  const message = t(`errorCodes.${code}`, { defaultValue: t('errors.unknown') });

  const retry = useCallback(() => {
    setRetrying(true);
    // A short pause lets a flapping backend settle and shows the button is working.
    setTimeout(() => {
      queryReset.reset();
      void router.invalidate().finally(() => setRetrying(false));
    }, appConfig.errorBoundaryRetryDelayMs);
  }, [queryReset, router]);

  // An outage ends by itself: the page tries again on its own, backing off, and shows the page as soon
  // as the server answers. Each failed attempt renders this page anew, so `attempt` counts across them.
  useAutomaticRetry(unavailable, retry);

  return (
    <ErrorPage
      kind={unavailable ? 'unavailable' : 'unknown'}
      message={message}
      home={home}
      live={unavailable}
      actions={
        <Button variant="outline" onClick={retry} disabled={retrying} aria-busy={retrying}>
          <RotateCw aria-hidden className={cn(retrying && 'animate-spin motion-reduce:animate-none')} />
          {t('actions.tryAgain')}
        </Button>
      }
    />
  );
}

let attempt = 0;

function useAutomaticRetry(enabled: boolean, retry: () => void) {
  useEffect(() => {
    if (!enabled) {
      attempt = 0;
      return;
    }
    const { firstDelayMs, maxDelayMs } = appConfig.outageRetry;
    const delay = Math.min(firstDelayMs * 2 ** attempt, maxDelayMs);
    attempt += 1;
    const timer = setTimeout(retry, delay);
    return () => clearTimeout(timer);
  }, [enabled, retry]);
}
