import { type ComponentType, lazy, Suspense, useEffect } from 'react';

// `data-hydrated` on <html> tells end-to-end tests (and anyone else) that the page is interactive. React
// hydrates the root first and each server-rendered lazy part later, once its code has arrived, and a part
// inside a route's Suspense boundary may not even start rendering before the root has committed. So each
// part leaves an empty <template data-lazy-part> beside itself: the server's HTML says how many parts must
// hydrate, and the marker waits until that many have mounted, so a click after the marker is never lost.

const partSelector = 'template[data-lazy-part]';
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
  expected = document.querySelectorAll(partSelector).length;
  markIfReady();
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
        <template data-lazy-part="" />
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </>
    );
  };
}
