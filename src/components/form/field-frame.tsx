import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { cn } from '@/lib/utils';

/** What a control needs to be labelled and described: spread it on the input. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FieldFrameProps = {
  label: ReactNode;
  /** Namespace of the error message keys (the zod schemas' messages are i18n keys). */
  ns: string;
  /** The error's message key, if the field has an error. */
  error: string | undefined;
  description?: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean | undefined;
  className?: string | undefined;
  /** `label.id` lets a control that is not labelable by `htmlFor` alone (a date button) name itself. */
  children: (control: FieldControlProps, label: { id: string }) => ReactNode;
};

/**
 * A field's frame without any form library: label, the control (render prop), an optional description and
 * the translated error, wired with `aria-invalid` and `aria-describedby`. FormField binds it to
 * react-hook-form; the sign-in form (no react-hook-form, see ADR 013) uses it directly.
 */
export function FieldFrame({
  label,
  ns,
  error,
  description,
  hideLabel,
  className,
  children,
}: FieldFrameProps) {
  const { t } = useTranslation(ns);
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const labelId = `${id}-label`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('grid gap-2', className)}>
      <label id={labelId} htmlFor={id} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children(
        { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined },
        { id: labelId },
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {/* A message may quote a limit, e.g. "at least {{repositoryLinkMin}} characters". */}
          {t(error, appConfig.limits)}
        </p>
      ) : null}
    </div>
  );
}
