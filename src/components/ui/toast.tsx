import { type ComponentType, createElement } from 'react';
import type { ToasterProps } from 'sonner';
import { onDemand } from '@/lib/on-demand';

// sonner's toasts without sonner in the first download (docs/performance.md#lazy-loaders): its code and its
// <Toaster> are fetched on the page's first toast, or earlier on the visitor's first click or key press
// (./sonner-toaster mounts it). Toasts asked for before the Toaster is mounted wait in order and are shown
// as soon as it is.

type Kind = 'success' | 'error';
export type ToastApi = Record<Kind, (message: string) => void>;
type Host = ComponentType<ToasterProps & { onReady: (api: ToastApi | undefined) => void }>;

const toaster = onDemand<Host>(() => import('./sonner-toaster').then((module) => module.SonnerToaster));
let mounted: ToastApi | undefined;
const waiting: [Kind, string][] = [];

// Offline, say: the next toast (or click) tries again, and the waiting toasts are shown then.
const load = () => void toaster.load().catch(() => {});

function onReady(api: ToastApi | undefined) {
  mounted = api;
  if (api) for (const [kind, message] of waiting.splice(0)) api[kind](message);
}

function show(kind: Kind) {
  return (message: string) => {
    if (mounted) return mounted[kind](message);
    waiting.push([kind, message]);
    load();
  };
}

/** Shows a toast (sonner's `toast.success` / `toast.error`). */
export const toast: ToastApi = { success: show('success'), error: show('error') };

/** Fetches sonner ahead of the first toast: called on the visitor's first interaction with the page. */
export function prefetchToaster(): void {
  load();
}

/** Where toasts appear: renders sonner's <Toaster> once loaded (nothing on the server and before). */
export function ToastHost(props: ToasterProps) {
  const loaded = toaster.useLoaded();
  // Set once per page and never replaced: React sees the same component on every render.
  return loaded ? createElement(loaded, { ...props, onReady }) : null;
}
