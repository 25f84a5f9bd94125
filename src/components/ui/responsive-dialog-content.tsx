import * as Dialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Drawer } from 'vaul';
import { appConfig } from '~/app.config';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';

export type ResponsiveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The element that opens the dialog; optional when `open` is driven from elsewhere (URL, state). */
  trigger?: ReactElement;
  children?: ReactNode;
  className?: string;
};

const overlayClass = 'fixed inset-0 z-50 bg-black/50';

/**
 * The element that last had focus outside any dialog: what a dialog opened without a trigger gives focus
 * back to. Read when the dialog opens would be too late, as a field with autoFocus inside it has taken
 * focus by then. This module arrives with the first dialog, while its opener still has focus.
 */
let lastFocusedOutside: HTMLElement | null = null;
const outsideDialogs = (node: EventTarget | null): HTMLElement | null =>
  node instanceof HTMLElement && !node.closest('[role="dialog"], [role="alertdialog"]') ? node : null;
if (typeof document !== 'undefined') {
  lastFocusedOutside = outsideDialogs(document.activeElement);
  document.addEventListener('focusin', (event) => {
    lastFocusedOutside = outsideDialogs(event.target) ?? lastFocusedOutside;
  });
}

/**
 * The one dialog of the product, once its code has arrived (./responsive-dialog.tsx): a centred Radix
 * dialog from 640 px up, a vaul bottom drawer below. Both trap focus, close on Escape and give focus back
 * to the control that opened them (see `focusHandlers`).
 */
export function ResponsiveDialogContent({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
  className,
}: ResponsiveDialogProps) {
  const wide = useMediaQuery(`(min-width: ${appConfig.breakpoints.dialog}px)`);
  // Radix gives focus back to the trigger. A dialog opened from elsewhere (the URL, a menu's state) has
  // none: focus goes back to what had it when the dialog opened, noted while rendering the opening (by the
  // time Radix looks, a field with autoFocus inside has taken focus). When that control is gone (the row the
  // dialog deleted), the page's heading takes focus (usePageFocus).
  const [opening, setOpening] = useState({ open, opener: open ? lastFocusedOutside : null });
  if (opening.open !== open) setOpening({ open, opener: open ? lastFocusedOutside : opening.opener });
  const focusHandlers = {
    onCloseAutoFocus: (event: Event) => {
      const { opener } = opening;
      if (trigger) return;
      event.preventDefault();
      opener?.focus();
    },
  };
  // Without a description Radix warns unless aria-describedby is explicitly empty.
  const describedBy = description ? {} : { 'aria-describedby': undefined };

  if (wide) {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            className={cn(
              'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg',
              className,
            )}
            {...describedBy}
            {...focusHandlers}
          >
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
            ) : null}
            {children}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    // vaul leaves focus on the trigger by default (so a phone keyboard does not pop up); a modal must take
    // focus, or keyboard and screen-reader users stay on a control now hidden behind it.
    <Drawer.Root open={open} onOpenChange={onOpenChange} autoFocus>
      {trigger ? <Drawer.Trigger asChild>{trigger}</Drawer.Trigger> : null}
      <Drawer.Portal>
        <Drawer.Overlay className={overlayClass} />
        <Drawer.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 grid max-h-[90dvh] gap-4 overflow-y-auto rounded-t-lg border-t bg-background px-4 pt-3 pb-[max(1.5rem,env(safe-area-inset-bottom))]',
            className,
          )}
          {...describedBy}
          {...focusHandlers}
        >
          <div className="mx-auto h-1.5 w-12 rounded-full bg-muted" aria-hidden />
          <Drawer.Title className="text-lg font-semibold">{title}</Drawer.Title>
          {description ? (
            <Drawer.Description className="text-sm text-muted-foreground">{description}</Drawer.Description>
          ) : null}
          {children}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
