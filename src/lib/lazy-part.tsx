import { type ComponentType, lazy, useEffect } from 'react';

// `data-hydrated` on <html> tells end-to-end tests (and anyone else) that the page is interactive. A part
// loaded with `lazyPart` that the server rendered hydrates only once its code has arrived, after the root:
// the marker waits for it, so a click after the marker is never lost.

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
 * React.lazy for a part of the page that most visits never show (its code stays out of the first
 * download). Rendered inside <Suspense>; when it is part of the server-rendered page, the hydration
 * marker waits until it has hydrated.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let counted = false;
  const settle = () => {
    if (!counted) return;
    counted = false;
    waiting -= 1;
    markIfReady();
  };
  return lazy(async () => {
    if (!rootHydrated) {
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
      throw error;
    }
  });
}
