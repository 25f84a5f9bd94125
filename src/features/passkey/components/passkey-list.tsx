import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import type { PasskeyView } from '../schema';
import { dateTimeFormat } from '@/lib/intl';

type PasskeysQuery = { isPending: boolean; isError: boolean; data?: PasskeyView[]; refetch: () => unknown };

/**
 * A user's passkeys (their own on the account page, anyone's on the manager's user page): name, whether
 * it is synced, when it was added and last used, in the viewer's locale and time zone. `action` gives
 * each its buttons.
 */
export function PasskeyList({
  query,
  empty,
  action,
}: {
  query: PasskeysQuery;
  empty: string;
  action?: (passkey: PasskeyView) => ReactNode;
}) {
  const { t } = useTranslation('account');
  if (query.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <p className="sr-only">{t('passkeys.loading')}</p>
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p>{t('passkeys.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('common:dataList.retry')}
        </Button>
      </div>
    );
  }
  if (!query.data.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {query.data.map((passkey) => (
        <PasskeyItem key={passkey.id} passkey={passkey} action={action?.(passkey)} />
      ))}
    </ul>
  );
}

/** The label a passkey goes by: its name, or "Passkey" when it has none. */
export function usePasskeyLabel(passkey: PasskeyView): string {
  const { t } = useTranslation('account');
  return passkey.name ?? t('passkeys.unnamed');
}

function PasskeyItem({ passkey, action }: { passkey: PasskeyView; action?: ReactNode }) {
  const { t, i18n } = useTranslation('account');
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const label = usePasskeyLabel(passkey);
  const dates = [
    ['addedOn', passkey.createdAt],
    ['lastUsed', passkey.lastUsedAt],
  ] as const;
  return (
    <li className="flex flex-wrap gap-3 rounded-md border p-3" data-testid="passkey">
      <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      {/* At least 10rem wide (12 at the Arabic scale): on a phone the buttons wrap below, beside the icon. */}
      <div className="grid min-w-0 flex-1 basis-40 gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span dir="auto" className="min-w-0 [overflow-wrap:anywhere] match-parent-align">
            {label}
          </span>
          {passkey.backedUp ? <Badge variant="secondary">{t('passkeys.synced')}</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {dates.map(([key, value]) => (
            <div key={key} className="min-w-0">
              <dt className="text-muted-foreground">{t(`passkeys.${key}`)}</dt>
              <dd>
                {value ? <time dateTime={value}>{format.format(new Date(value))}</time> : t('passkeys.never')}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {action ? <div className="ms-auto flex flex-wrap items-start gap-2">{action}</div> : null}
    </li>
  );
}

/** "Remove" with its confirmation, for the owner and for an admin; `remove` is the call that does it. */
export function RemovePasskeyButton({
  passkey,
  description,
  remove,
}: {
  passkey: PasskeyView;
  description: string;
  remove: (id: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('account');
  const label = usePasskeyLabel(passkey);
  const { run } = useSubmit({ scopes: ['account:passkeys.errors'] });
  const onConfirm = () =>
    run(
      () => remove(passkey.id),
      () => toast.success(t('passkeys.removed', { name: label })),
    );
  return (
    <ConfirmDialog
      // First-strong isolates keep a Latin name and its quotes in order inside an Arabic sentence.
      title={t('passkeys.removeTitle', { name: `\u2068${label}\u2069` })}
      description={description}
      confirmLabel={t('passkeys.remove')}
      variant="destructive"
      onConfirm={onConfirm}
    >
      <Button variant="outline" size="sm" aria-label={t('passkeys.removeNamed', { name: label })}>
        {t('passkeys.remove')}
      </Button>
    </ConfirmDialog>
  );
}
