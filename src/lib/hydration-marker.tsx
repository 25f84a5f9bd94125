import { useEffect } from 'react';

// `data-hydrated` on <html> tells end-to-end tests (and anyone else) that the page is interactive. React
// commits the root's shell first; the routes below it sit in a Suspense boundary (the router's) that may
// hydrate in a later pass, and a lazy part hydrates only once its code has arrived. So each of them leaves
// an empty <template data-hydration-checkpoint> in the page: the server's HTML says how many must hydrate,
// and the marker waits until that many have mounted, so a click or key press after it is never lost. A
// page without checkpoints is marked when the root commits.

const checkpointSelector = 'template[data-hydration-checkpoint]';
let rootHydrated = false;
let expected = 0;
let settled = 0;

function markIfReady() {
  if (rootHydrated && settled >= expected) document.documentElement.dataset.hydrated = 'true';
}

/** One checkpoint has mounted (`HydrationCheckpoint`, or a lazy part once its code arrived: ./lazy-part.tsx). */
export function settleCheckpoint() {
  if (document.documentElement.dataset.hydrated) return;
  settled += 1;
  markIfReady();
}

/** Called by the root's first effect: the page is interactive once the parts the server rendered are. */
export function markRootHydrated(): void {
  rootHydrated = true;
  expected = document.querySelectorAll(checkpointSelector).length;
  markIfReady();
}

/**
 * A place the page is interactive from once it has mounted: rendered last in a route layout, after
 * everything whose effects (listeners, shortcuts) the page needs.
 */
export function HydrationCheckpoint() {
  useEffect(settleCheckpoint, []);
  return <CheckpointPlaceholder />;
}

/** What the server's HTML carries for each place the marker waits for. */
export function CheckpointPlaceholder() {
  return <template data-hydration-checkpoint="" />;
}

/** A part the marker waits for will not come (its code failed to load): the page is as interactive as it gets. */
export function stopWaitingForCheckpoints() {
  expected = 0;
  markIfReady();
}
