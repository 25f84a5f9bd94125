import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useGoBack } from '@/hooks/use-go-back';

export type ErrorKind = 'forbidden' | 'notFound' | 'unknown' | 'unavailable';

const codes: Record<ErrorKind, string> = {
  forbidden: '403',
  notFound: '404',
  unknown: '500',
  unavailable: '503',
};

/** Full-page error with Home and Back; `children` adds actions (the error boundary's Try Again). */
export function ErrorPage({
  kind,
  message,
  live = false,
  children,
}: {
  kind: ErrorKind;
  message?: string;
  /** Announce the message to screen readers (a state that changes by itself, like an outage). */
  live?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
        {codes[kind]}
      </p>
      <h1 className="text-2xl font-semibold text-balance" {...(live ? { role: 'status' } : {})}>
        {message ?? t(`errors.${kind}`)}
      </h1>
      <div className="flex flex-wrap justify-center gap-2">
        {children}
        <Button variant="outline" onClick={goBack}>
          {t('actions.back')}
        </Button>
        <Button asChild>
          <Link to="/">{t('actions.home')}</Link>
        </Button>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage kind="notFound" />;
}

export function ForbiddenPage() {
  return <ErrorPage kind="forbidden" />;
}
