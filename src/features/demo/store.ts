import { useSyncExternalStore } from 'react';

// The demo dialog's one piece of state, outside React so any caller can open it: closed until an
// action is refused, open until the visitor closes it.
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const demoDialog = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => open,
};

/** Whether the demo dialog is open; the server render always sees it closed. */
export function useDemoDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, demoDialog.isOpen, () => false);
}
