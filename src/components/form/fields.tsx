import type { ComponentProps, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { DatePickerButton } from '@/components/ui/date-picker-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { FormField, type FormFieldProps } from './form-field';

type FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FormFieldProps<TValues, TName>,
  'children'
>;

// What react-hook-form's controller provides is not taken from the caller.
type Bound = 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'children';

/** A text input bound to a form field; label, helper text and translated error come from FormField. */
export function InputField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  hideLabel,
  className,
  ...input
}: FieldProps<TValues, TName> & Omit<ComponentProps<'input'>, Bound | 'className'>) {
  return (
    <FormField {...{ control, name, label, ns, description, hideLabel, className }}>
      {(field, controlProps) => (
        <Input
          {...input}
          {...field}
          // An empty field may start as undefined; the input stays controlled either way.
          value={typeof field.value === 'string' ? field.value : ''}
          {...controlProps}
        />
      )}
    </FormField>
  );
}

/** A multi-line text field (descriptions, reasons). */
export function TextareaField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  hideLabel,
  className,
  ...textarea
}: FieldProps<TValues, TName> & Omit<ComponentProps<'textarea'>, Bound | 'className'>) {
  return (
    <FormField {...{ control, name, label, ns, description, hideLabel, className }}>
      {(field, controlProps) => (
        <Textarea
          {...textarea}
          {...field}
          value={typeof field.value === 'string' ? field.value : ''}
          {...controlProps}
        />
      )}
    </FormField>
  );
}

function asDate(value: unknown): Date | undefined {
  return value instanceof Date ? value : undefined;
}

/** A calendar-day field: the value is a local-midnight `Date`, or undefined until one is picked. */
export function DateField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  hideLabel,
  className,
  min,
  max,
  clearable,
}: FieldProps<TValues, TName> & { min?: Date; max?: Date; clearable?: boolean }) {
  return (
    <FormField {...{ control, name, label, ns, description, hideLabel, className }}>
      {(field, controlProps, labelProps) => (
        <DatePickerButton
          ref={field.ref}
          id={controlProps.id}
          // A button's own text would replace the label as its name, so both are referenced.
          aria-labelledby={labelProps.id}
          aria-invalid={controlProps['aria-invalid']}
          aria-describedby={controlProps['aria-describedby']}
          value={asDate(field.value)}
          onChange={(date) => {
            field.onChange(date);
            field.onBlur();
          }}
          disabled={field.disabled}
          min={min}
          max={max}
          clearable={clearable}
        />
      )}
    </FormField>
  );
}

/** A native select bound to a form field (`children` are its options). */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  hideLabel,
  className,
  ...select
}: FieldProps<TValues, TName> &
  Omit<ComponentProps<'select'>, Bound | 'className'> & { children: ReactNode }) {
  return (
    <FormField {...{ control, name, label, ns, description, hideLabel, className }}>
      {(field, controlProps) => (
        <Select
          {...select}
          {...field}
          value={typeof field.value === 'string' ? field.value : ''}
          {...controlProps}
        />
      )}
    </FormField>
  );
}

/**
 * A yes/no field as a switch; its label names it (a switch is not labelable by `htmlFor` alone). For
 * generated entities' `boolean` fields.
 * @public
 */
export function SwitchField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  className,
}: Omit<FieldProps<TValues, TName>, 'hideLabel'>) {
  return (
    <FormField {...{ control, name, label, ns, description, className }}>
      {(field, controlProps, labelProps) => (
        <Switch
          ref={field.ref}
          id={controlProps.id}
          aria-labelledby={labelProps.id}
          aria-describedby={controlProps['aria-describedby']}
          checked={field.value === true}
          onCheckedChange={(checked) => {
            field.onChange(checked);
            field.onBlur();
          }}
          disabled={field.disabled}
          className="justify-self-start"
        />
      )}
    </FormField>
  );
}
