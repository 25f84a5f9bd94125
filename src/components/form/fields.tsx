import type { ComponentProps, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
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

/**
 * A set of checkboxes bound to a form field holding the chosen values (in `options` order): an API key's
 * scopes, a webhook's events. Each option shows its value as code (it is what an API names) and its label.
 */
export function CheckboxGroupField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  ns,
  description,
  className,
  options,
}: Omit<FieldProps<TValues, TName>, 'hideLabel'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <FormField {...{ control, name, label, ns, description, className }}>
      {(field, controlProps, labelProps) => {
        const chosen = new Set(Array.isArray(field.value) ? (field.value as string[]) : []);
        const toggle = (value: string, on: boolean) => {
          field.onChange(
            options.map((option) => option.value).filter((v) => (v === value ? on : chosen.has(v))),
          );
          field.onBlur();
        };
        return (
          <div
            role="group"
            id={controlProps.id}
            aria-labelledby={labelProps.id}
            aria-invalid={controlProps['aria-invalid']}
            aria-describedby={controlProps['aria-describedby']}
            className="grid gap-2"
          >
            {options.map((option) => (
              <label key={option.value} className="flex min-h-11 items-center gap-3 text-sm sm:min-h-0">
                <Checkbox
                  checked={chosen.has(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                <span className="grid">
                  <code dir="ltr" className="match-parent-align text-xs">
                    {option.value}
                  </code>
                  <span className="text-muted-foreground">{option.label}</span>
                </span>
              </label>
            ))}
          </div>
        );
      }}
    </FormField>
  );
}
