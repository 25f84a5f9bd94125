import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from './responsive-dialog';

/**
 * For a component made of a trigger and its dialog: given `open`, it shows the dialog alone, opened by
 * someone else (the command palette), and asks `onOpenChange(false)` to close it.
 */
export type OpenedElsewhere = { open?: boolean; onOpenChange?: (open: boolean) => void };

type ConfirmDialogProps = {
  /** The element that opens the dialog (a button); none when `open` is given. */
  children?: ReactElement;
  /**
   * Opened by someone else (the command palette): the dialog is shown while true, without a trigger, and
   * `onOpenChange(false)` asks to close it.
   */
  open?: boolean;
  title?: string;
  description?: ReactNode;
  confirmLabel?: string;
  variant?: 'default' | 'destructive';
  /** Extra content above the buttons (e.g. a field the user must fill before confirming). */
  body?: ReactNode;
  /** Keeps Confirm disabled (e.g. until the typed e-mail matches). */
  confirmDisabled?: boolean;
  /** Called whenever the dialog opens or closes (e.g. to reset a field). */
  onOpenChange?: (open: boolean) => void;
  /** Runs on Confirm; the dialog stays open, with Confirm disabled, until it settles. */
  onConfirm: () => Promise<unknown> | void;
};

/**
 * "Are you sure?" with Cancel and Confirm in the responsive dialog. Confirm has focus, so Enter confirms;
 * Escape cancels; focus returns to the trigger.
 */
export function ConfirmDialog({
  children,
  title,
  description,
  confirmLabel,
  variant = 'default',
  body,
  confirmDisabled = false,
  onOpenChange,
  onConfirm,
  open: openFromOutside,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [openHere, setOpenState] = useState(false);
  const open = openFromOutside ?? openHere;
  const [pending, setPending] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    if (confirmDisabled || pending) return;
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      title={title ?? t('confirmDialog.title')}
      description={description}
      trigger={children}
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          // Enter confirms: the Confirm button is the form's submit.
          event.preventDefault();
          void confirm();
        }}
      >
        {body}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
            {t('confirmDialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant={variant}
            disabled={pending || confirmDisabled}
            aria-busy={pending}
            autoFocus={!body}
          >
            {confirmLabel ?? t('confirmDialog.confirm')}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
