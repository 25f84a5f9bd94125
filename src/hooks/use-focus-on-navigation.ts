import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After a navigation to another page (not a search or filter change), focus moves to the new page's main
 * heading, so a keyboard or screen-reader user starts reading the new page instead of from the top of the
 * document or from a link that no longer exists. Scroll is left to the router's scroll restoration.
 */
export function useFocusOnNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
        if (fromLocation && pathChanged) focusPageHeading();
      }),
    [router],
  );
}

/** Moves focus to the page's main heading (made focusable for it), without scrolling. */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}
