import { type ComponentType, lazy, Suspense, useEffect } from 'react';

// `data-hydrated` on <html> tells end-to-end tests (and anyone else) that the page is interactive. React
// hydrates a server-rendered lazy part after the root has committed, once its code has arrived: the marker
// waits for every such part, so a click after the marker is never lost.

let rootHydrated = false;
let waiting = 0;

function markIfReady() {
  if (rootHydrated && waiting === 0) document.documentElement.dataset.hydrated = 'true';
}

/** Called by the root's first effect: the page is interactive once the lazy parts being hydrated are. */
export function markRootHydrated(): void {
  rootHydrated = true;
  markIfReady();
}

/**
 * A part of the page that most visits never show, its code fetched when it is first rendered (it brings
 * its own <Suspense>, empty while loading). When the server rendered it, the hydration marker waits until
 * it has hydrated. Only for parts the root component renders: inside a route, React may hydrate the route
 * after the root has committed, too late for the part to hold the marker (onboarding stays a static import
 * for that reason).
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let counted = false;
  const settle = () => {
    if (!counted) return;
    counted = false;
    waiting -= 1;
    markIfReady();
  };
  const start = () => {
    loading ??= (async () => {
      // Started while the root hydrates: the part is in the server's HTML and hydrates after the root.
      if (typeof window !== 'undefined' && !rootHydrated) {
        counted = true;
        waiting += 1;
      }
      try {
        const Part = await load();
        function Settled(props: Props) {
          useEffect(settle, []);
          return <Part {...props} />;
        }
        return { default: Settled };
      } catch (error) {
        settle();
        loading = undefined;
        throw error;
      }
    })();
    return loading;
  };
  const Lazy = lazy(start);

  return function LazyPart(props: Props) {
    // Started here, outside the boundary, so a part the server rendered is counted before the root commits.
    start().catch(() => {});
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
