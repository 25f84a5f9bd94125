import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { useSubmit } from '@/components/form/use-submit';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { organizationCan } from '@/features/auth/permissions';
import { dateTimeFormat } from '@/lib/intl';
import { lazyPart } from '@/lib/lazy-part';
import { webhookMutations, webhookQueries } from '../queries';
import { EventBadges, secretTexts } from './event-labels';
import type { WebhookDeliveryItem, WebhookEndpointItem } from '../schema';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const WebhookEndpointForm = lazyPart(() =>
  import('./webhook-endpoint-form').then((module) => module.WebhookEndpointForm),
);

const ERROR_SCOPES = ['webhook:errors'];

/**
 * /app/organization's "Webhooks": the organization's endpoints for its owners and admins (members see
 * nothing of it): add (its signing secret shown once), turn on and off, send a test event, rotate the
 * secret, delete, and each endpoint's delivery log with Redeliver. The server checks the same rights.
 */
export function WebhooksSection({ organizationId, role }: { organizationId: string; role: string }) {
  const { t } = useTranslation('webhook');
  const readable = organizationCan(role, { webhook: ['read'] });
  const query = useQuery({ ...webhookQueries.endpoints(organizationId), enabled: readable });
  if (!readable) return null;
  const canChange = organizationCan(role, { webhook: ['update'] });
  return (
    <SectionCard
      title={t('section.title')}
      description={t('section.description')}
      actions={
        organizationCan(role, { webhook: ['create'] }) ? (
          <FormDialog
            title={t('create.title')}
            description={t('create.description')}
            trigger={
              <Button variant="outline">
                <Plus aria-hidden />
                {t('create.action')}
              </Button>
            }
          >
            {(controls) => <WebhookEndpointForm organizationId={organizationId} {...controls} />}
          </FormDialog>
        ) : null
      }
    >
      {query.isPending ? (
        <div aria-busy="true">
          <p className="sr-only">{t('list.loading')}</p>
          <Skeleton className="h-24" />
        </div>
      ) : query.isError || !query.data ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>{t('list.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('common:dataList.retry')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('list.label')}>
          {query.data.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard
                organizationId={organizationId}
                endpoint={endpoint}
                canChange={canChange}
                canDelete={organizationCan(role, { webhook: ['delete'] })}
              />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function EndpointCard({
  organizationId,
  endpoint,
  canChange,
  canDelete,
}: {
  organizationId: string;
  endpoint: WebhookEndpointItem;
  canChange: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('webhook');
  const queryClient = useQueryClient();
  const mutations = webhookMutations(queryClient, organizationId);
  const setEnabled = useMutation(mutations.setEnabled());
  const test = useMutation(mutations.test());
  const rotate = useMutation(mutations.rotate());
  const remove = useMutation(mutations.remove());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const [secret, setSecret] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const headingId = useId();
  const switchLabelId = useId();

  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-md border p-3 sm:p-4">
      <div className="flex flex-wrap items-start gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 basis-56 font-medium">
          <code dir="ltr" className="block text-sm [overflow-wrap:anywhere] match-parent-align">
            {endpoint.url}
          </code>
        </h3>
        {endpoint.disabledForFailures ? (
          <Badge variant="destructive">{t('list.disabledForFailures')}</Badge>
        ) : endpoint.enabled ? (
          <Badge variant="secondary">{t('list.enabled')}</Badge>
        ) : (
          <Badge variant="outline">{t('list.disabled')}</Badge>
        )}
      </div>
      <EventBadges events={endpoint.events} />
      {endpoint.consecutiveFailures > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('list.failures', { count: endpoint.consecutiveFailures })}
        </p>
      ) : null}
      {canChange ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex min-h-11 items-center gap-2 sm:min-h-0">
            <Switch
              aria-labelledby={switchLabelId}
              checked={endpoint.enabled}
              disabled={setEnabled.isPending}
              onCheckedChange={(enabled) =>
                void run(
                  () => setEnabled.mutateAsync({ id: endpoint.id, enabled }),
                  () => toast.success(enabled ? t('toggle.on') : t('toggle.off')),
                )
              }
            />
            <span id={switchLabelId} className="text-sm">
              {t('toggle.label')}
            </span>
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={!endpoint.enabled || test.isPending}
            onClick={() =>
              void run(
                () => test.mutateAsync(endpoint.id),
                () => toast.success(t('test.done')),
              )
            }
          >
            <Send aria-hidden />
            {t('test.action')}
          </Button>
          <ConfirmDialog
            title={t('rotate.title')}
            description={t('rotate.description')}
            confirmLabel={t('rotate.confirm')}
            onConfirm={() =>
              run(
                () => rotate.mutateAsync(endpoint.id),
                (result) => setSecret(result.secret),
              )
            }
          >
            <Button variant="outline" size="sm">
              <RotateCw aria-hidden />
              {t('rotate.action')}
            </Button>
          </ConfirmDialog>
          {canDelete ? (
            <ConfirmDialog
              title={t('delete.title')}
              description={t('delete.description')}
              confirmLabel={t('delete.confirm')}
              variant="destructive"
              onConfirm={() =>
                run(
                  () => remove.mutateAsync(endpoint.id),
                  () => toast.success(t('delete.done')),
                )
              }
            >
              <Button variant="ghost" size="sm" aria-label={t('delete.label', { url: endpoint.url })}>
                <Trash2 aria-hidden />
                {t('delete.action')}
              </Button>
            </ConfirmDialog>
          ) : null}
        </div>
      ) : null}
      <ResponsiveDialog
        open={secret !== null}
        onOpenChange={(open) => !open && setSecret(null)}
        title={t('rotate.newSecret')}
      >
        {secret ? (
          <SecretReveal value={secret} onDone={() => setSecret(null)} texts={secretTexts(t)} />
        ) : null}
      </ResponsiveDialog>
      {/* The log is read (and polled) only while it is open: a closed one costs no request. */}
      <details className="group border-t pt-2" onToggle={(event) => setLogOpen(event.currentTarget.open)}>
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium sm:min-h-0">
          {t('log.title')}
        </summary>
        {logOpen ? (
          <DeliveryLog organizationId={organizationId} endpoint={endpoint} canChange={canChange} />
        ) : null}
      </details>
    </article>
  );
}

/** The endpoint's latest deliveries: event, try, answer, time taken and the answer's start; Redeliver. */
function DeliveryLog({
  organizationId,
  endpoint,
  canChange,
}: {
  organizationId: string;
  endpoint: WebhookEndpointItem;
  canChange: boolean;
}) {
  const { t, i18n } = useTranslation('webhook');
  const queryClient = useQueryClient();
  const query = useQuery(webhookQueries.deliveries(organizationId, endpoint.id));
  const redeliver = useMutation(webhookMutations(queryClient, organizationId).redeliver());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const format = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  if (query.isPending) return <Skeleton className="mt-2 h-16" />;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="mt-2 text-sm">
        {t('log.loadError')}
      </p>
    );
  if (!query.data.length) return <p className="mt-2 text-sm text-muted-foreground">{t('log.empty')}</p>;
  return (
    <ul className="mt-2 grid gap-2" aria-label={t('log.label', { url: endpoint.url })}>
      {query.data.map((delivery) => (
        <li
          key={delivery.id}
          className="grid gap-1 rounded-md bg-muted/50 p-2 text-sm"
          data-testid="webhook-delivery"
        >
          <div className="flex flex-wrap items-center gap-2">
            <code dir="ltr">{delivery.eventType}</code>
            <StatusBadge delivery={delivery} />
            <span className="text-muted-foreground">
              {t('log.attempts', { count: delivery.attempts })}
              {delivery.responseStatus !== null
                ? ` · ${t('log.status', { status: delivery.responseStatus })}`
                : ''}
              {delivery.durationMs !== null ? ` · ${t('log.duration', { ms: delivery.durationMs })}` : ''}
            </span>
            <time dateTime={delivery.createdAt} className="ms-auto text-xs text-muted-foreground">
              {format.format(new Date(delivery.createdAt))}
            </time>
          </div>
          {delivery.responseExcerpt || delivery.error ? (
            <pre
              dir="ltr"
              className="max-h-24 overflow-auto whitespace-pre-wrap text-xs [overflow-wrap:anywhere]"
            >
              {delivery.responseExcerpt || delivery.error}
            </pre>
          ) : null}
          {canChange && delivery.status !== 'pending' ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={!endpoint.enabled || redeliver.isPending}
                onClick={() =>
                  void run(
                    () => redeliver.mutateAsync({ endpointId: endpoint.id, id: delivery.id }),
                    () => toast.success(t('log.redelivered')),
                  )
                }
              >
                {t('log.redeliver')}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ delivery }: { delivery: WebhookDeliveryItem }) {
  const { t } = useTranslation('webhook');
  if (delivery.status === 'succeeded') return <Badge variant="secondary">{t('log.succeeded')}</Badge>;
  if (delivery.status === 'failed') return <Badge variant="destructive">{t('log.failed')}</Badge>;
  return <Badge variant="warning">{t('log.pending')}</Badge>;
}
