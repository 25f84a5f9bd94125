import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { Input } from './input';

/** Typing is forgiving about case and surrounding spaces, never about the text itself. */
const matchesTyped = (typed: string, expected: string) =>
  typed.trim().toLowerCase() === expected.trim().toLowerCase();

/**
 * A destructive confirmation that enables its button only once `expected` (an e-mail address, a name)
 * is typed, for actions that cannot be undone. The typed text is cleared whenever the dialog opens or
 * closes.
 */
export function TypedConfirmDialog({
  title,
  description,
  confirmLabel,
  expected,
  label,
  onConfirm,
  children,
  open,
  onOpenChange,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  expected: string;
  /** What to type, e.g. "Type <b>ada@example.com</b> to confirm". */
  label: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  /** The trigger; none when `open` is given (see ConfirmDialog). */
  children?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      variant="destructive"
      confirmDisabled={!matchesTyped(typed, expected)}
      open={open}
      onOpenChange={(next) => {
        setTyped('');
        onOpenChange?.(next);
      }}
      onConfirm={onConfirm}
      body={
        <div className="grid gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            {label}
          </label>
          <Input
            id={inputId}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
          />
        </div>
      }
    >
      {children}
    </ConfirmDialog>
  );
}
