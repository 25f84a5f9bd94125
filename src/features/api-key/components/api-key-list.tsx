import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { dateTimeFormat } from '@/lib/intl';
import type { ApiKeyListItem } from '../schema';

type ApiKeysQuery = { isPending: boolean; isError: boolean; data?: ApiKeyListItem[]; refetch: () => unknown };

/**
 * An organization's API keys (on its own screen, and the manager's organization page): name, first
 * characters, scopes, who made it and when, when it was last used and when it expires, in the viewer's
 * locale and time zone. `action` gives each its buttons.
 */
export function ApiKeyList({
  query,
  action,
}: {
  query: ApiKeysQuery;
  action?: (key: ApiKeyListItem) => ReactNode;
}) {
  const { t } = useTranslation('api-key');
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <p className="sr-only">{t('list.loading')}</p>
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p>{t('list.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('common:dataList.retry')}
        </Button>
      </div>
    );
  }
  if (!query.data.length) return <p className="text-sm text-muted-foreground">{t('list.empty')}</p>;
  return (
    <ul className="grid gap-2" aria-label={t('list.label')}>
      {query.data.map((key) => (
        <ApiKeyItem key={key.id} apiKey={key} action={action?.(key)} />
      ))}
    </ul>
  );
}

function ApiKeyItem({ apiKey, action }: { apiKey: ApiKeyListItem; action?: ReactNode }) {
  const { t, i18n } = useTranslation('api-key');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (value: string | null, none: string) =>
    value ? <time dateTime={value}>{format.format(new Date(value))}</time> : none;
  return (
    <li className="flex flex-wrap gap-3 rounded-md border p-3" data-testid="api-key">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 basis-48 gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span dir="auto" className="min-w-0 font-medium [overflow-wrap:anywhere] match-parent-align">
            {apiKey.name}
          </span>
          <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 text-xs">
            {t('list.start', { start: apiKey.start })}
          </code>
          {apiKey.expired ? <Badge variant="destructive">{t('list.expired')}</Badge> : null}
        </p>
        <ul className="flex flex-wrap gap-1" aria-label={t('list.scopes')}>
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary">
                <span dir="ltr">{scope}</span>
              </Badge>
            </li>
          ))}
        </ul>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('list.created')}</dt>
            <dd className="[overflow-wrap:anywhere]">
              {apiKey.createdBy
                ? t('list.createdBy', { name: apiKey.createdBy.name, interpolation: { escapeValue: false } })
                : t('list.createdByGone')}{' '}
              · {when(apiKey.createdAt, '')}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('list.lastUsed')}</dt>
            <dd>{when(apiKey.lastUsedAt, t('list.never'))}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t('list.expires')}</dt>
            <dd>{when(apiKey.expiresAt, t('list.noExpiry'))}</dd>
          </div>
        </dl>
      </div>
      {action ? <div className="ms-auto flex flex-wrap items-start gap-2">{action}</div> : null}
    </li>
  );
}

/** "Revoke" with its confirmation, for the organization and for an admin; `revoke` is the call that does it. */
export function RevokeApiKeyButton({
  apiKey,
  revoke,
}: {
  apiKey: ApiKeyListItem;
  revoke: (id: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('api-key');
  const { run } = useSubmit({ scopes: ['api-key:errors'] });
  const onConfirm = () =>
    run(
      () => revoke(apiKey.id),
      () => toast.success(t('revoke.done', { name: apiKey.name })),
    );
  return (
    <ConfirmDialog
      // First-strong isolates keep a Latin name in order inside an Arabic sentence.
      title={t('revoke.title', { name: `\u2068${apiKey.name}\u2069` })}
      description={t('revoke.description')}
      confirmLabel={t('revoke.confirm')}
      variant="destructive"
      onConfirm={onConfirm}
    >
      <Button variant="outline" size="sm" aria-label={t('revoke.label', { name: apiKey.name })}>
        {t('revoke.action')}
      </Button>
    </ConfirmDialog>
  );
}
