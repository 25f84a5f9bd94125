import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { InputField, SelectField, TextareaField } from '@/components/form/fields';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { zodResolverOnDemand } from '@/components/form/zod-resolver-on-demand';
import { PlanUpgradeLink } from '@/features/billing/components/upgrade-link';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import type { RepositoryFormInput, RepositoryValues } from '../schema';

/** The form's values; `organizationId` only when it asks for the organization. */
type FormInput = RepositoryFormInput & { organizationId?: string };
type FormValues = RepositoryValues & { organizationId?: string };

const emptyValues: FormInput = { name: '', link: '', description: '' };

// The schemas (and zod) arrive on the first check, or when focus first enters the form.
const useRepositoryResolver = zodResolverOnDemand<FormInput, FormValues>(() =>
  import('../schema').then((module) => module.zRepositoryForm),
);
const usePlatformRepositoryResolver = zodResolverOnDemand<FormInput, FormValues>(() =>
  import('../schema').then((module) => module.zPlatformRepositoryCreateInput),
);

type RepositoryFormProps<Saved> = {
  defaultValues?: FormInput;
  /** When given, the form first asks which of these organizations the repository goes to. */
  organizations?: ReadonlyArray<{ id: string; name: string }>;
  submitLabel: string;
  /**
   * Sends the checked values; a rejection with `CONFLICT:name` marks the name as taken,
   * `NOT_FOUND:organizationId` the organization as gone.
   */
  onSubmit: (values: FormValues) => Promise<Saved>;
  /** After a successful save, once leaving is no longer guarded (e.g. to open the saved repository). */
  onSaved: (saved: Saved) => void;
  onCancel: () => void;
};

/**
 * The create and update form. What was typed stays on every error: the field shows its own message
 * ("Name already used" from the server too), anything else shows above the buttons.
 */
export function RepositoryForm<Saved>({
  defaultValues = emptyValues,
  organizations,
  submitLabel,
  onSubmit,
  onSaved,
  onCancel,
}: RepositoryFormProps<Saved>) {
  const { t } = useTranslation('repository');
  const [formError, setFormError] = useState<{ code: string; message: string } | null>(null);
  const [saved, setSaved] = useState<{ value: Saved } | null>(null);
  const repositoryResolver = useRepositoryResolver();
  const platformResolver = usePlatformRepositoryResolver();
  const { resolver, onFocus } = organizations ? platformResolver : repositoryResolver;
  const form = useForm<FormInput, unknown, FormValues>({
    resolver,
    defaultValues: organizations ? { organizationId: '', ...defaultValues } : defaultValues,
  });

  // Navigating from the submit handler itself would still meet the guard; after this render it is off.
  const leave = useEffectEvent((value: Saved) => onSaved(value));
  useEffect(() => {
    if (saved) leave(saved.value);
  }, [saved]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      setSaved({ value: await onSubmit(values) });
    } catch (error) {
      const { code, field } = errorCodeOf(error);
      if (code === 'CONFLICT' && field === 'name') {
        form.setError('name', { message: 'form.name.taken' }, { shouldFocus: true });
      } else if (code === 'NOT_FOUND' && field === 'organizationId' && organizations) {
        form.setError('organizationId', { message: 'form.organization.gone' }, { shouldFocus: true });
      } else if (!isDemoRefusal(error)) {
        const unknown = t('common:errors.unknown');
        setFormError({
          code,
          message: t(`errors.${code}`, {
            defaultValue: t(`common:errorCodes.${code}`, { defaultValue: unknown }),
          }),
        });
      }
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} onFocus={onFocus} noValidate className="grid gap-5">
      {organizations ? (
        <SelectField
          control={form.control}
          name="organizationId"
          ns="repository"
          label={t('form.organization.label')}
        >
          <option value="" disabled>
            {t('form.organization.placeholder')}
          </option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <InputField
        control={form.control}
        name="name"
        ns="repository"
        label={t('form.name.label')}
        dir="auto"
        autoComplete="off"
      />
      <InputField
        control={form.control}
        name="link"
        ns="repository"
        label={t('form.link.label')}
        description={t('form.link.hint')}
        dir="ltr"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
      />
      <TextareaField
        control={form.control}
        name="description"
        ns="repository"
        label={t('form.description.label')}
        description={t('form.description.hint')}
        dir="auto"
        rows={5}
      />
      <FormAlert
        message={formError?.message}
        // The manager creates in an organization not their own: its plan is for its owners to change.
        action={formError?.code === 'PLAN_LIMIT_REACHED' && !organizations ? <PlanUpgradeLink /> : null}
      />
      <FormActions
        cancelLabel={t('form.cancel')}
        onCancel={onCancel}
        submitLabel={submitLabel}
        submitting={submitting}
      />
      <UnsavedChangesGuard when={form.formState.isDirty && !saved} />
    </form>
  );
}
