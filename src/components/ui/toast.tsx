import { type ComponentType, createElement, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';

// sonner's toasts without sonner in the first download (about 10 kB gzip): its code and its <Toaster> are
// fetched on the page's first toast, or earlier on the visitor's first click or key press (./sonner-toaster
// mounts it). Toasts asked for before the Toaster is mounted wait in order and are shown as soon as it is.

type Kind = 'success' | 'error';
export type ToastApi = Record<Kind, (message: string) => void>;
type Host = ComponentType<ToasterProps & { onReady: (api: ToastApi | undefined) => void }>;

let host: Host | undefined;
let loading: Promise<void> | undefined;
let mounted: ToastApi | undefined;
const waiting: [Kind, string][] = [];
const listeners = new Set<() => void>();

function load(): Promise<void> {
  loading ??= import('./sonner-toaster').then(
    (module) => {
      host = module.SonnerToaster;
      for (const listener of listeners) listener();
    },
    // Offline, say: the next toast (or click) tries again, and the waiting toasts are shown then.
    () => {
      loading = undefined;
    },
  );
  return loading;
}

function onReady(api: ToastApi | undefined) {
  mounted = api;
  if (api) for (const [kind, message] of waiting.splice(0)) api[kind](message);
}

function show(kind: Kind) {
  return (message: string) => {
    if (mounted) return mounted[kind](message);
    waiting.push([kind, message]);
    void load();
  };
}

/** Shows a toast (sonner's `toast.success` / `toast.error`). */
export const toast: ToastApi = { success: show('success'), error: show('error') };

/** Fetches sonner ahead of the first toast: called on the visitor's first interaction with the page. */
export function prefetchToaster(): void {
  void load();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear: renders sonner's <Toaster> once loaded (nothing on the server and before). */
export function ToastHost(props: ToasterProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => host,
    () => undefined,
  );
  // Set once per page and never replaced: React sees the same component on every render.
  return loaded ? createElement(loaded, { ...props, onReady }) : null;
}
