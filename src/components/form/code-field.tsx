import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { appConfig } from '~/app.config';
import { CodeInput } from '@/components/ui/code-input';
import { failureCode } from '@/lib/translate-error';
import { FormField } from './form-field';

/**
 * The one-time code field of sign-in and of the e-mail change: the configured number of digit slots,
 * centred, focused on arrival, submitting once the last digit is typed or pasted. Not disabled while the
 * code is checked: a wrong code puts the focus back here for the next try.
 */
export function CodeField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  hideLabel,
  description,
  onComplete,
}: {
  control: Control<TValues>;
  name: TName;
  label: ReactNode;
  hideLabel?: boolean;
  description: ReactNode;
  onComplete: () => void;
}) {
  return (
    <FormField
      control={control}
      name={name}
      ns="auth"
      label={label}
      hideLabel={hideLabel}
      description={description}
      className="justify-items-center text-center"
    >
      {(field, controlProps) => (
        <CodeInput
          {...field}
          {...controlProps}
          length={appConfig.auth.otpLength}
          autoFocus
          onComplete={onComplete}
        />
      )}
    </FormField>
  );
}

/** Failures about the code itself: shown on the code field rather than above the form. */
const CODE_FAILURES = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

/**
 * After a refused code: a wrong, expired or used-up code empties the field, shows why there and puts the
 * focus back for the next try (true); any other failure is the caller's to show (false).
 */
export function showCodeFailure(
  form: Pick<UseFormReturn<{ otp: string }>, 'setValue' | 'setError'>,
  error: unknown,
): boolean {
  const code = failureCode(error);
  if (!code || !CODE_FAILURES.has(code)) return false;
  form.setValue('otp', '');
  form.setError('otp', { message: `errors.${code}` }, { shouldFocus: true });
  return true;
}
