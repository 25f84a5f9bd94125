import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A navigation answered from the cache finishes before this: no bar flashes for it. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar along the top of the window while a navigation waits for the server, shown after a short
 * delay, and the same fact said once to screen readers.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  // The location being navigated to, while the navigation waits.
  const pendingHref = useRouterState({
    select: (state) => (state.status === 'pending' ? state.location.href : null),
  });
  const [delayedFor, setDelayedFor] = useState<string | null>(null);
  useEffect(() => {
    if (pendingHref === null) return;
    const timer = setTimeout(() => setDelayedFor(pendingHref), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pendingHref]);
  const shown = pendingHref !== null && delayedFor === pendingHref;
  return (
    <>
      <div
        aria-hidden
        data-navigation-progress={shown ? 'shown' : 'hidden'}
        className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden data-[navigation-progress=hidden]:hidden"
      >
        <div className="h-full w-1/3 animate-navigation-progress bg-primary motion-reduce:w-full motion-reduce:animate-none" />
      </div>
      <p role="status" className="sr-only">
        {shown ? t('navigation.loading') : ''}
      </p>
    </>
  );
}
