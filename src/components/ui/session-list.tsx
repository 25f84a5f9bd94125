import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SessionItem } from '@/components/ui/session-item';
import { Skeleton } from '@/components/ui/skeleton';
import type { SessionView } from '@/lib/session-view';

/** What the list needs of a sessions query (TanStack Query's result has it). */
type SessionsQuery = {
  isPending: boolean;
  isError: boolean;
  data?: SessionView[];
  refetch: () => unknown;
};

/**
 * A session list's loading skeletons and its error with Retry, on the account page and the admin's user
 * page alike; once loaded, `children` lays the sessions out (one group, or this device and the others).
 */
export function SessionList({
  query,
  children,
}: {
  query: SessionsQuery;
  children: (sessions: SessionView[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <p className="sr-only">{t('sessions.loading')}</p>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p>{t('sessions.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('dataList.retry')}
        </Button>
      </div>
    );
  }
  return <div className="grid gap-4">{children(query.data)}</div>;
}

/**
 * Sessions under an optional heading, or `empty` when there are none. `action` gives a session its
 * button (a revoke); `markCurrent` badges the viewer's own session in a list that does not set it apart.
 */
export function SessionGroup({
  title,
  sessions,
  empty,
  markCurrent = false,
  action,
}: {
  title?: string;
  sessions: SessionView[];
  empty?: string;
  markCurrent?: boolean;
  action?: (session: SessionView) => ReactNode;
}) {
  if (!sessions.length && !empty) return null;
  return (
    <div className="grid gap-2">
      {title ? <h3 className="text-sm font-medium text-muted-foreground">{title}</h3> : null}
      {sessions.length ? (
        <ul className="grid gap-2">
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              markCurrent={markCurrent}
              action={action?.(session)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </div>
  );
}
