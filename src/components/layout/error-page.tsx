import { Link } from '@tanstack/react-router';
import { ArrowLeft, House } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useGoBack } from '@/hooks/use-go-back';

type ErrorKind = 'forbidden' | 'notFound' | 'unknown' | 'unavailable';

const codes: Record<ErrorKind, string> = {
  forbidden: '403',
  notFound: '404',
  unknown: '500',
  unavailable: '503',
};

type ErrorPageProps = {
  kind: ErrorKind;
  message?: string;
  /** Where Home goes: the visitor's area home when signed in, else '/' (which leads to sign-in). */
  home?: string;
  /** Announce the message to screen readers (a state that changes by itself, like an outage). */
  live?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
};

/**
 * Full-page error: the status, the spec's sentence as the heading, a line on what to do, Home (the one
 * primary action, to `home`: the visitor's area) and Back. `actions` come between them (the error
 * boundary's Try Again); `children` go under the buttons (the 403's account switch).
 */
export function ErrorPage({ kind, message, home = '/', live = false, actions, children }: ErrorPageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  // An outage's message already says what happens next (it retries by itself).
  const hint = kind === 'unavailable' ? null : t(`errorPage.hint.${kind}`);
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center px-4 py-16 sm:px-6 sm:py-24">
      <div className="flex w-full max-w-lg flex-col items-center text-center">
        <p className="text-sm font-semibold text-primary tabular-nums" aria-hidden="true">
          {codes[kind]}
        </p>
        <h1
          className="mt-3 text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          {...(live ? { role: 'status' } : {})}
        >
          {message ?? t(`errors.${kind}`)}
        </h1>
        {hint ? <p className="mt-3 text-pretty text-muted-foreground">{hint}</p> : null}
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to={home}>
              <House aria-hidden />
              {t('actions.home')}
            </Link>
          </Button>
          {actions}
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('actions.back')}
          </Button>
        </div>
        {children}
      </div>
    </main>
  );
}
