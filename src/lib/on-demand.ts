import { useSyncExternalStore } from 'react';

/**
 * A module part fetched on first use rather than in the page's first download: `load()` fetches it (once;
 * again after a failure), `useLoaded()` re-renders the caller when it has arrived. Nothing is loaded on
 * the server or while hydrating, so the server's HTML and the first client render agree.
 */
export function onDemand<Part>(fetchPart: () => Promise<Part>) {
  let part: Part | undefined;
  let loading: Promise<Part> | undefined;
  const listeners = new Set<() => void>();

  const load = (): Promise<Part> => {
    loading ??= fetchPart().then(
      (arrived) => {
        part = arrived;
        for (const listener of listeners) listener();
        return arrived;
      },
      (error: unknown) => {
        // Offline, say: the next use tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
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
  return { load, useLoaded };
}
