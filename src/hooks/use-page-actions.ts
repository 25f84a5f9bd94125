import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Something the current page lets its viewer do ("Ban", "Delete"), as the command palette offers it. */
export type PageAction = { id: string; label: string; icon: LucideIcon; run: () => void };

// The actions of what is mounted now. One registry for the app, as there is one palette; a page adds its
// actions while it is shown and takes them away when it goes.
const registered = new Map<symbol, () => PageAction[]>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Offers `actions` in the command palette while the calling component is mounted. Pass only what the
 * viewer may do (the same checks as the page's buttons; the server decides anyway).
 */
export function usePageActions(actions: PageAction[]): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  // Registered again only when the offer changes, not on every render.
  const offer = actions.map((action) => `${action.id}\u0000${action.label}`).join('\u0001');
  useEffect(() => {
    const key = Symbol('page-actions');
    registered.set(key, () => latest.current);
    changed();
    return () => {
      registered.delete(key);
      changed();
    };
  }, [offer]);
}

/** The actions the mounted pages offer, in the order they were mounted. */
export function useCurrentPageActions(): PageAction[] {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return [...registered.values()].flatMap((read) => read());
}
