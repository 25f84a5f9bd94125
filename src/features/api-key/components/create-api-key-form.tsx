import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField, InputField } from '@/components/form/fields';
import { FormField } from '@/components/form/form-field';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { appConfig } from '~/app.config';
import { apiKeyMutations } from '../queries';
import { type ApiKeyFormInput, type CreatedApiKey, zApiKeyForm } from '../schema';
import { apiScopeOptions } from '../scopes';

const ERROR_SCOPES = ['api-key:errors'];
const NEVER = 'never';

/**
 * The "Create key" dialog's form: a name, the scopes and an expiry; once made, the key itself, shown this
 * once with a Copy button (only its hash is kept).
 */
export function CreateApiKeyForm({
  organizationId,
  onBusyChange,
  onClose,
}: {
  organizationId: string;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('api-key');
  const queryClient = useQueryClient();
  const create = useMutation(apiKeyMutations.create(queryClient, organizationId));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<ApiKeyFormInput>({
    resolver: zodResolver(zApiKeyForm),
    defaultValues: { name: '', scopes: ['repositories:read'], expiresInDays: 90 },
  });
  const { formError, run } = useSubmit({ scopes: ERROR_SCOPES, show: 'alert', onBusyChange });

  const onSubmit = form.handleSubmit((values) =>
    run(
      () => create.mutateAsync(zApiKeyForm.parse(values)),
      (result) => {
        setCreated(result);
        toast.success(t('create.done', { name: result.item.name }));
      },
    ),
  );

  if (created) {
    return (
      <SecretReveal
        value={created.key}
        onDone={onClose}
        texts={{
          warning: t('created.warning'),
          label: t('created.label', { name: created.item.name }),
          copy: t('created.copy'),
          copied: t('created.copied'),
          copyFailed: t('created.copyFailed'),
          done: t('created.done'),
        }}
      />
    );
  }
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
        name="name"
        ns="api-key"
        label={t('form.name.label')}
        description={t('form.name.description')}
        autoComplete="off"
        dir="auto"
        autoFocus
      />
      <CheckboxGroupField
        control={form.control}
        name="scopes"
        ns="api-key"
        label={t('form.scopes.label')}
        options={apiScopeOptions().map(({ scope, noun, action }) => ({
          value: scope,
          label: t(action === 'read' ? 'form.scopes.read' : 'form.scopes.write', {
            collection: t(`${noun}:audit.target`),
          }),
        }))}
      />
      <FormField control={form.control} name="expiresInDays" ns="api-key" label={t('form.expiry.label')}>
        {(field, control) => (
          <Select
            {...control}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value === null ? NEVER : String(field.value)}
            onChange={(event) =>
              field.onChange(event.target.value === NEVER ? null : Number(event.target.value))
            }
          >
            {appConfig.apiKeys.expiryDays.map((days) => (
              <option key={days} value={String(days)}>
                {t('form.expiry.days', { count: days })}
              </option>
            ))}
            <option value={NEVER}>{t('form.expiry.never')}</option>
          </Select>
        )}
      </FormField>
    </FormWithActions>
  );
}
