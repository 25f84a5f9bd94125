import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form/fields';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { zodResolverOnDemand } from '@/components/form/zod-resolver-on-demand';
import { Button, buttonVariants } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { UserFormOutcome } from '../errors';
import type { UserForm as UserFormValues, UserFormInput } from '../schema';
import { userRoleFilters } from '../search';

// The schema (and zod) arrives on the first check, or when focus first enters the form.
const useUserResolver = zodResolverOnDemand(() => import('../schema').then((module) => module.zUserForm));

/**
 * Name, e-mail and role, shared by create and update. What was typed stays through every error; leaving
 * with unsaved changes asks first, except right after a successful save.
 */
export function UserForm({
  defaultValues,
  roleReadOnly = false,
  submitLabel,
  cancelTo,
  onSubmit,
}: {
  defaultValues: UserFormInput;
  /** Your own role: shown, never sent. */
  roleReadOnly?: boolean;
  submitLabel: string;
  cancelTo: { to: '/manager/users' } | { to: '/manager/users/$id'; params: { id: string } };
  onSubmit: (values: UserFormValues) => Promise<UserFormOutcome>;
}) {
  const { t } = useTranslation('user');
  const { resolver, onFocus } = useUserResolver();
  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver,
    defaultValues,
  });
  const [formError, setFormError] = useState<string | null>(null);
  // Navigation after a save waits for the render that turns the guard off, or the guard would block it.
  const [next, setNext] = useState<(() => void) | null>(null);
  useEffect(() => next?.(), [next]);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const outcome = await onSubmit(values);
    if (outcome.status === 'saved') setNext(() => outcome.next);
    else if (outcome.status === 'fieldError') {
      form.setError(outcome.field, { message: outcome.message }, { shouldFocus: true });
    } else setFormError(outcome.message);
  });

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} onFocus={onFocus} noValidate className="grid max-w-xl gap-5">
      <UnsavedChangesGuard when={form.formState.isDirty && !next} />
      <InputField
        control={form.control}
        name="name"
        ns="auth"
        label={t('form.name')}
        autoComplete="off"
        dir="auto"
      />
      <InputField
        control={form.control}
        name="email"
        ns="auth"
        label={t('form.email')}
        type="email"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        control={form.control}
        name="role"
        ns="auth"
        label={t('form.role')}
        description={roleReadOnly ? t('form.ownRole') : undefined}
      >
        {(field, control) => (
          <Select {...field} {...control} disabled={roleReadOnly}>
            {userRoleFilters.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link {...cancelTo} className={buttonVariants({ variant: 'outline' })}>
          {t('form.cancel')}
        </Link>
        <Button type="submit" disabled={submitting} aria-busy={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
