import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form/fields';
import { FormField } from '@/components/form/form-field';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { appConfig } from '~/app.config';
import { apiKeyMutations } from '../queries';
import { type ApiKeyFormInput, type CreatedApiKey, zApiKeyForm } from '../schema';
import { apiScopes, type Scope } from '../scopes';

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

  if (created) return <CreatedKey created={created} onClose={onClose} />;
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
      <FormField control={form.control} name="scopes" ns="api-key" label={t('form.scopes.label')}>
        {(field, control, label) => {
          const chosen = new Set(field.value);
          const toggle = (scope: Scope, on: boolean) => {
            const next = apiScopes().filter((s) => (s === scope ? on : chosen.has(s)));
            field.onChange(next);
            field.onBlur();
          };
          return (
            <div
              role="group"
              id={control.id}
              aria-labelledby={label.id}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              className="grid gap-2"
            >
              {apiScopes().map((scope) => (
                <label key={scope} className="flex min-h-11 items-center gap-3 text-sm sm:min-h-0">
                  <Checkbox
                    checked={chosen.has(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span className="grid">
                    <code dir="ltr" className="match-parent-align text-xs">
                      {scope}
                    </code>
                    <span className="text-muted-foreground">
                      {t(scope.endsWith(':read') ? 'form.scopes.read' : 'form.scopes.write', {
                        collection: scope.slice(0, scope.indexOf(':')),
                      })}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          );
        }}
      </FormField>
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

/** The key, this once: copy it now, it is never shown again. */
function CreatedKey({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('api-key');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast.success(t('created.copied'));
    } catch {
      toast.error(t('created.copyFailed'));
    }
  };
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        {t('created.warning')}
      </p>
      <div className="grid gap-2">
        <label htmlFor="created-api-key" className="text-sm font-medium">
          {t('created.label', { name: created.item.name })}
        </label>
        <div className="flex gap-2">
          <input
            id="created-api-key"
            readOnly
            dir="ltr"
            value={created.key}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-md border bg-muted px-3 font-mono text-sm sm:h-9"
          />
          <Button variant="outline" onClick={() => void copy()} aria-label={t('created.copy')}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span className="max-sm:sr-only">{t('created.copy')}</span>
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('created.done')}</Button>
      </div>
    </div>
  );
}
