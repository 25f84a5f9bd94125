import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { InputField } from '@/components/form/fields';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { errorCodeOf, isDemoRefusal } from '@/lib/errors';
import { type SavedViewForm, zSavedViewForm } from '../schema';

/**
 * The name of a view, in the save and rename dialogs. A name the admin already uses for the list shows
 * under the field and what was typed stays; other refusals show above the buttons, translated. `onSubmit`
 * resolves once the server kept the name.
 */
export function SavedViewNameForm({
  defaultName,
  submitLabel,
  onSubmit,
  onCancel,
  onBusyChange,
}: {
  defaultName: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('savedView');
  const form = useForm<SavedViewForm>({
    resolver: zodResolver(zSavedViewForm),
    defaultValues: { name: defaultName },
  });
  const { formError, run } = useSubmit({
    form,
    fields: { 'CONFLICT:name': ['name', 'form.name.taken'] },
    message: (error) => {
      const { code } = errorCodeOf(error);
      if (code === 'VALIDATION_ERROR') return t('form.search.invalid');
      if (isDemoRefusal(error)) return null;
      const unknown = t('common:errors.unknown');
      return t(`errors.${code}`, {
        ...appConfig.limits,
        defaultValue: t(`common:errorCodes.${code}`, { defaultValue: unknown }),
      });
    },
    show: 'alert',
    onBusyChange,
  });

  const submit = form.handleSubmit(({ name }) => run(() => onSubmit(name)));

  return (
    <FormWithActions
      onSubmit={submit}
      error={formError}
      cancelLabel={t('save.cancel')}
      onCancel={onCancel}
      submitLabel={submitLabel}
      submitting={form.formState.isSubmitting}
    >
      <InputField
        control={form.control}
        name="name"
        ns="savedView"
        label={t('save.name')}
        autoComplete="off"
        dir="auto"
        autoFocus
      />
    </FormWithActions>
  );
}
