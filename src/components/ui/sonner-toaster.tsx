import { useTheme } from 'next-themes';
import { useEffect } from 'react';
import { Toaster, type ToasterProps, toast } from 'sonner';
import type { ToastApi } from './toast';

const api: ToastApi = {
  success: (message) => toast.success(message),
  error: (message) => toast.error(message),
};

/**
 * sonner's <Toaster>, loaded by ./toast.tsx, in the page's theme. `onReady` runs after the Toaster's own
 * effects (a parent's effects run after its children's), so sonner is listening when the waiting toasts
 * are sent.
 */
export function SonnerToaster({
  onReady,
  ...props
}: ToasterProps & { onReady: (api: ToastApi | undefined) => void }) {
  const { resolvedTheme } = useTheme();
  useEffect(() => {
    onReady(api);
    return () => onReady(undefined);
  }, [onReady]);
  return <Toaster theme={resolvedTheme === 'dark' ? 'dark' : 'light'} {...props} />;
}
