import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/** A form-level error (not tied to one field), announced when it appears; `action` follows its text. */
export function FormAlert({ message, action }: { message: string | null | undefined; action?: ReactNode }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {message}
        {action ? <> {action}</> : null}
      </p>
    </div>
  );
}
