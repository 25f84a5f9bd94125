import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { FormActions } from './form-actions';
import { FormAlert } from './form-alert';

/**
 * A dialog's form, or one like it: its fields, then the form-level error (useSubmit's `formError`) and
 * Cancel / submit. The browser does not validate it: the schema's messages show under the fields.
 */
export function FormWithActions({
  onSubmit,
  error,
  className,
  children,
  ...actions
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  className?: string;
  children: ReactNode;
} & ComponentProps<typeof FormActions>) {
  return (
    <form onSubmit={onSubmit} noValidate className={cn('grid gap-4', className)}>
      {children}
      <FormAlert message={error} />
      <FormActions {...actions} />
    </form>
  );
}
