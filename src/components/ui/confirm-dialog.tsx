import * as Dialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/use-media-query';

type ConfirmDialogProps = {
  /** The element that opens the dialog (a button). */
  children: ReactElement;
  title?: string;
  description?: ReactNode;
  confirmLabel?: string;
  variant?: 'default' | 'destructive';
  /** Runs on Confirm; the dialog stays open, with Confirm disabled, until it settles. */
  onConfirm: () => Promise<unknown> | void;
};

const overlayClass = 'fixed inset-0 z-50 bg-black/50';

/**
 * "Are you sure?" with Cancel and Confirm: a centred dialog from 640 px up, a bottom drawer below.
 * Focus is trapped inside and returns to the trigger on close; Escape cancels.
 */
export function ConfirmDialog({
  children,
  title,
  description,
  confirmLabel,
  variant = 'default',
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const wide = useMediaQuery(`(min-width: ${appConfig.breakpoints.dialog}px)`);

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setPending(false);
    }
  };

  const heading = title ?? t('confirmDialog.title');
  const actions = (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={() => setOpen(false)} disabled={pending}>
        {t('confirmDialog.cancel')}
      </Button>
      <Button variant={variant} onClick={() => void confirm()} disabled={pending} aria-busy={pending}>
        {confirmLabel ?? t('confirmDialog.confirm')}
      </Button>
    </div>
  );

  if (wide) {
    return (
      <Dialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <Dialog.Trigger asChild>{children}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-background p-6 shadow-lg"
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <Dialog.Title className="text-lg font-semibold">{heading}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
            ) : null}
            {actions}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <Drawer.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <Drawer.Trigger asChild>{children}</Drawer.Trigger>
      <Drawer.Portal>
        <Drawer.Overlay className={overlayClass} />
        <Drawer.Content
          className="fixed inset-x-0 bottom-0 z-50 grid gap-4 rounded-t-lg border-t bg-background px-4 pt-3 pb-[max(1.5rem,env(safe-area-inset-bottom))]"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mx-auto h-1.5 w-12 rounded-full bg-muted" aria-hidden />
          <Drawer.Title className="text-lg font-semibold">{heading}</Drawer.Title>
          {description ? (
            <Drawer.Description className="text-sm text-muted-foreground">{description}</Drawer.Description>
          ) : null}
          {actions}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
