import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { lazyImport } from './lazy-import';

/**
 * A module part fetched on first use rather than in the page's first download: `load()` fetches it (once;
 * again after a failure), `useLoaded()` re-renders the caller when it has arrived. Nothing is loaded on
 * the server or while hydrating, so the server's HTML and the first client render agree.
 */
export function onDemand<Part>(fetchPart: () => Promise<Part>) {
  let part: Part | undefined;
  const listeners = new Set<() => void>();

  const load = lazyImport(() =>
    fetchPart().then((arrived) => {
      part = arrived;
      for (const listener of listeners) listener();
      return arrived;
    }),
  );
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const useLoaded = (): Part | undefined =>
    useSyncExternalStore(
      subscribe,
      () => part,
      () => undefined,
    );
  /**
   * For a part shown while `open` (a dialog, a sheet): the part once it has arrived and has been opened
   * at least once, so that a closed trigger is not replaced while it may have focus. Opening fetches it;
   * when the fetch fails, `onFailure` runs once (typically: close again and say so).
   */
  const useOpened = (open: boolean, onFailure: () => void): Part | undefined => {
    const loaded = useLoaded();
    const [opened, setOpened] = useState(false);
    if (open && !opened) setOpened(true);
    const failure = useRef(onFailure);
    useEffect(() => {
      failure.current = onFailure;
    });
    useEffect(() => {
      if (!open || loaded) return;
      load().catch(() => failure.current());
    }, [open, loaded]);
    return opened ? loaded : undefined;
  };
  return { load, useLoaded, useOpened };
}
