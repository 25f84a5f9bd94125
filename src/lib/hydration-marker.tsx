import { type ComponentType, lazy, Suspense, useEffect } from 'react';

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

function settleOne() {
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
  useEffect(settleOne, []);
  return <template data-hydration-checkpoint="" />;
}

/**
 * A part of the page that most visits never show, its code fetched when it is first rendered (it brings
 * its own <Suspense>, empty while loading). When the server rendered it, the hydration marker waits until
 * it has hydrated.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => {
    loading ??= load().then(
      (Part) => {
        function Settled(props: Props) {
          useEffect(settleOne, []);
          return <Part {...props} />;
        }
        return { default: Settled };
      },
      (error: unknown) => {
        // Offline, say: the error goes to the nearest error boundary, and the page is as interactive as
        // it will get.
        expected = 0;
        markIfReady();
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);

  return function LazyPart(props: Props) {
    return (
      <>
        <template data-hydration-checkpoint="" />
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </>
    );
  };
}
