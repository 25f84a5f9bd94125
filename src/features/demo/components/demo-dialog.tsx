import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { observeAuthErrors } from '@/features/auth/client';
import { isDemoRefusal } from '@/lib/errors';
import { demoDialog, useDemoDialogOpen } from '../store';

/**
 * Opens the demo dialog whenever the server refuses an action with DEMO_MODE: any Query mutation and
 * any auth call through `authRequest`, wherever on the page it was made.
 */
function useOpenOnDemoRefusal() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isDemoRefusal(event.action.error)) {
        demoDialog.open();
      }
    });
    const stopAuth = observeAuthErrors((error) => {
      if (isDemoRefusal(error)) demoDialog.open();
    });
    return () => {
      stopMutations();
      stopAuth();
    };
  }, [queryClient]);
}

// The dialog's code (Radix dialog, vaul drawer) is fetched the first time it opens: most visitors never
// see it, and every first page load would otherwise download it.
const DemoDialogContent = lazy(() =>
  import('./demo-dialog-content').then((module) => ({ default: module.DemoDialogContent })),
);

/**
 * "This is a read-only demo": how to get one's own copy and whom to ask. Mounted once, in the root; it
 * watches for refusals from the start, and stays mounted once opened so it can animate closed.
 */
export function DemoDialog() {
  const open = useDemoDialogOpen();
  const [opened, setOpened] = useState(open);
  useOpenOnDemoRefusal();
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DemoDialogContent open={open} />
    </Suspense>
  );
}
