import { type ReactNode, useId } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { appConfig } from '~/app.config';

/** What a control needs to be labelled and described: spread it on the input. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FormFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = {
  control: Control<TValues>;
  name: TName;
  label: ReactNode;
  /** Namespace of the validation message keys (the zod schemas' messages are i18n keys). */
  ns: string;
  description?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
  /** `label.id` lets a control that is not labelable by `htmlFor` alone (a date button) name itself. */
  children: (
    field: ControllerRenderProps<TValues, TName>,
    control: FieldControlProps,
    label: { id: string },
  ) => ReactNode;
};

/**
 * One react-hook-form field: label, the control (render prop), an optional description and the translated
 * error, wired with `aria-invalid` and `aria-describedby`.
 */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  hideLabel,
  className,
  children,
}: FormFieldProps<TValues, TName>) {
  const { t } = useTranslation(ns);
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const message = fieldState.error?.message;
  const describedBy = [description ? descriptionId : null, message ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cn('grid gap-2', className)}>
      <label id={labelId} htmlFor={id} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children(
        field,
        { id, 'aria-invalid': Boolean(message), 'aria-describedby': describedBy || undefined },
        { id: labelId },
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {/* A message may quote a limit, e.g. "at least {{repositoryLinkMin}} characters". */}
          {t(message, appConfig.limits)}
        </p>
      ) : null}
    </div>
  );
}
