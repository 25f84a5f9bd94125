import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';

// Stable, so the router's blocker is registered once per `when` change rather than on every render.
const blockEveryNavigation = () => true;

/**
 * While `when` is true (typically react-hook-form's `formState.isDirty`), in-app navigation (links, Back)
 * first asks "Leave without saving?" and closing or reloading the tab gets the browser's own prompt.
 * Pass `when={isDirty && !isSubmitSuccessful}` when a successful save navigates away.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: blockEveryNavigation,
    withResolver: true,
    enableBeforeUnload: when,
    disabled: !when,
  });
  const blocked = blocker.status === 'blocked';

  return (
    <ResponsiveDialog
      open={blocked}
      // Escape, the overlay or a swipe down mean "stay": the navigation is cancelled.
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={t('unsavedChanges.title')}
      description={t('unsavedChanges.description')}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* Staying is the safe choice, so it has focus and Enter keeps the user's work. */}
        <Button type="button" variant="outline" onClick={() => blocker.reset?.()} autoFocus>
          {t('unsavedChanges.stay')}
        </Button>
        <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
          {t('unsavedChanges.leave')}
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
