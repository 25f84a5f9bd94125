import { useLayoutEffect, useRef } from 'react';

/**
 * For a control that an action replaces (Ban becomes Unban): when `state` changes and focus was lost with
 * the old control (it sits on the body), focus moves to the element holding the returned ref, so a keyboard
 * user goes on from the same place instead of from the top of the page.
 */
export function useFocusReplacement<T extends HTMLElement>(state: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef(state);
  // A layout effect: it runs in the commit that swaps the controls, before the page's focus rescue
  // (usePageFocus) would send focus to the heading.
  useLayoutEffect(() => {
    if (Object.is(previous.current, state)) return;
    previous.current = state;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [state]);
  return ref;
}
