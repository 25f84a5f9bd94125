import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField, InputField } from '@/components/form/fields';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { toast } from '@/components/ui/toast';
import { webhookEvents } from '../events';
import { eventLabel, secretTexts } from './event-labels';
import { webhookMutations } from '../queries';
import { type WebhookEndpointFormInput, zWebhookEndpointForm } from '../schema';

const ERROR_SCOPES = ['webhook:errors'];

/** "Add endpoint": its address and events; once made, its signing secret, shown this once. */
export function WebhookEndpointForm({
  organizationId,
  onBusyChange,
  onClose,
}: {
  organizationId: string;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhook');
  const queryClient = useQueryClient();
  const create = useMutation(webhookMutations(queryClient, organizationId).create());
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<WebhookEndpointFormInput>({
    resolver: zodResolver(zWebhookEndpointForm),
    defaultValues: { url: '', events: webhookEvents() },
  });
  const { formError, run } = useSubmit({
    scopes: ERROR_SCOPES,
    show: 'alert',
    onBusyChange,
    form,
    fields: { VALIDATION_ERROR: ['url', 'form.url.https'] },
  });

  const onSubmit = form.handleSubmit((values) =>
    run(
      () => create.mutateAsync(zWebhookEndpointForm.parse(values)),
      (result) => {
        setSecret(result.secret);
        toast.success(t('create.done'));
      },
    ),
  );

  if (secret) return <SecretReveal value={secret} onDone={onClose} texts={secretTexts(t)} />;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('create.cancel')}
      onCancel={onClose}
      submitLabel={t('create.submit')}
      submitting={form.formState.isSubmitting}
    >
      <InputField
        control={form.control}
        name="url"
        ns="webhook"
        label={t('form.url.label')}
        description={t('form.url.description')}
        type="url"
        inputMode="url"
        autoComplete="off"
        dir="ltr"
        autoFocus
      />
      <CheckboxGroupField
        control={form.control}
        name="events"
        ns="webhook"
        label={t('form.events.label')}
        options={webhookEvents().map((event) => ({ value: event, label: eventLabel(t, event) }))}
      />
    </FormWithActions>
  );
}
