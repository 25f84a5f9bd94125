import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * Keeps a keyboard or screen-reader user's place on the page:
 * - after a navigation to another page (not a search or filter change), focus moves to the new page's main
 *   heading, instead of starting again from the top of the document or staying on a link that is gone;
 * - when the control that had focus disappears (the row a dialog deleted, a button an action replaced),
 *   focus moves to the page's heading too, unless something else took it. Controls inside dialogs are not
 *   watched: a closing dialog gives focus back to its opener itself.
 * Scroll is left to the router's scroll restoration.
 */
export function usePageFocus(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
        if (fromLocation && pathChanged) focusPageHeading();
      }),
    [router],
  );
  useEffect(() => {
    let focused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && !event.target.closest('[role="dialog"], [role="alertdialog"]'))
        focused = event.target;
    };
    const lost = new MutationObserver(() => {
      const active = document.activeElement;
      if (focused && !focused.isConnected && (!active || active === document.body)) {
        focused = null;
        focusPageHeading();
      }
    });
    document.addEventListener('focusin', onFocusIn);
    lost.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      lost.disconnect();
    };
  }, []);
}

/** Moves focus to the page's main heading (made focusable for it), without scrolling. */
function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
