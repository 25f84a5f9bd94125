import type { ReactNode } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { type FieldControlProps, FieldFrame } from './field-frame';

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
 * error, wired with `aria-invalid` and `aria-describedby` (the frame is FieldFrame).
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
  const { field, fieldState } = useController({ control, name });
  return (
    <FieldFrame
      label={label}
      ns={ns}
      error={fieldState.error?.message}
      description={description}
      hideLabel={hideLabel}
      className={className}
    >
      {(controlProps, labelProps) => children(field, controlProps, labelProps)}
    </FieldFrame>
  );
}
