import { lazy, Suspense, useState } from 'react';
import { useStepUpOpen } from '../step-up';

// The dialog's form is fetched the first time a sensitive action asks for it: most visits never do.
const StepUpDialogContent = lazy(() =>
  import('./step-up-dialog-content').then((module) => ({ default: module.StepUpDialogContent })),
);

/**
 * "Confirm it's you", mounted once in each signed-in area: a sensitive action refused for an old sign-in
 * opens it (../step-up.ts); it stays mounted once opened so it can animate closed.
 */
export function StepUpDialog() {
  const open = useStepUpOpen();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialogContent open={open} />
    </Suspense>
  );
}
