import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast';
import { errorCodeOf } from '@/lib/errors';
import { failureCode, translateError } from '@/lib/translate-error';

export type SubmitOptions<TValues extends FieldValues> = {
  /** The form whose fields a refusal may belong to (with `fields`). */
  form?: { setError: UseFormSetError<TValues> };
  /**
   * Refusals that belong to one field, by code: an auth call's (`INVALID_NAME`), or a server function's
   * `CODE:field` or `CODE`. The message (a key the field translates) shows under that field, which gets the
   * focus; what was typed stays.
   */
  fields?: Readonly<Record<string, readonly [field: FieldPath<TValues>, message: string]>>;
  /** A refusal the caller shows its own way, asked first: true when it did (a code field's wrong code). */
  handle?: (error: unknown) => boolean;
  /** Scopes for `translateError`, most specific first (`user:ban.errors`, `user:errors`). */
  scopes?: readonly string[];
  /** The message of any other refusal instead of `translateError`'s (null: nothing to show). */
  message?: (error: unknown) => string | null;
  /**
   * Where any other refusal shows: `alert`, in `formError` (the caller renders it in a FormAlert above its
   * buttons); `toast`, an error toast (a confirmation's dialog closes either way).
   */
  show?: 'alert' | 'toast';
  /** Told while the call runs (true) and once it settled (false): a dialog stays open meanwhile. */
  onBusyChange?: (busy: boolean) => void;
};

/** The codes a refusal may be listed under in `fields`, most specific first. */
function codesOf(error: unknown): string[] {
  const { code, field } = errorCodeOf(error);
  return [field ? `${code}:${field}` : undefined, failureCode(error), code].filter(
    (value): value is string => value !== undefined,
  );
}

/**
 * The tail every dialog form and confirmation shares: run the call; on success, `onSuccess` (a toast, close
 * the dialog, go elsewhere); on a refusal, the field it belongs to, or its translated message above the
 * buttons or in a toast. Users never see library text, and a refusal of the read-only demo shows nothing
 * (the demo dialog explains it). `run` resolves to whether the call succeeded.
 */
export function useSubmit<TValues extends FieldValues = FieldValues>(options: SubmitOptions<TValues> = {}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);

  const fail = (error: unknown) => {
    const { form, fields, handle, scopes, message, show = 'toast' } = options;
    if (handle?.(error)) return;
    const onField =
      fields &&
      codesOf(error)
        .map((code) => fields[code])
        .find(Boolean);
    if (form && onField) {
      const [field, key] = onField;
      form.setError(field, { message: key }, { shouldFocus: true });
      return;
    }
    const text = message ? message(error) : translateError(t, error, scopes);
    if (show === 'alert') setFormError(text);
    else if (text) toast.error(text);
  };

  const run = async <T>(action: () => Promise<T>, onSuccess?: (result: T) => unknown): Promise<boolean> => {
    const { onBusyChange } = options;
    setFormError(null);
    onBusyChange?.(true);
    let result: T;
    try {
      result = await action();
    } catch (error) {
      fail(error);
      return false;
    } finally {
      onBusyChange?.(false);
    }
    await onSuccess?.(result);
    return true;
  };

  return { formError, setFormError, run };
}
