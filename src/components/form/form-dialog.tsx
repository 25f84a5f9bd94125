import { type ReactElement, type ReactNode, useState } from 'react';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';

/** What a FormDialog hands its form: report a call in flight (the dialog stays open meanwhile), close. */
export type FormDialogControls = { onBusyChange: (busy: boolean) => void; onClose: () => void };

/**
 * The responsive dialog around one form, which cannot be closed while the form's call runs (useSubmit's
 * `onBusyChange`). Open or closed is the caller's when it gives `open` (the URL's, say), else the dialog's
 * own, opened by `trigger`. The form mounts with the dialog, so each opening starts afresh.
 */
export function FormDialog({
  open: openFromOutside,
  onOpenChange,
  trigger,
  title,
  description,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  children: (controls: FormDialogControls) => ReactNode;
}) {
  const [openHere, setOpenHere] = useState(false);
  const [busy, setBusy] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenHere(next);
    onOpenChange?.(next);
  };
  return (
    <ResponsiveDialog
      open={openFromOutside ?? openHere}
      onOpenChange={(next) => !busy && setOpen(next)}
      title={title}
      description={description}
      trigger={trigger}
    >
      {children({ onBusyChange: setBusy, onClose: () => setOpen(false) })}
    </ResponsiveDialog>
  );
}
