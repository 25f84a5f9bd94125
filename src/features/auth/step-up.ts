import { useSyncExternalStore } from 'react';
import { errorCodeOf } from '@/lib/errors';

// "Confirm it's you": a sensitive action refused with SESSION_NOT_FRESH opens the step-up dialog (mounted
// in the signed-in areas); once the user has signed in again with a fresh code, the action runs again.
// State outside React, so any call can ask, as the demo dialog's store does.
type Waiting = { resolve: (confirmed: boolean) => void };

let waiting: Waiting | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a server refusal means "sign in again first" (an auth call's `code`, a server function's message). */
function isStaleSession(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'SESSION_NOT_FRESH' || errorCodeOf(error).code === 'SESSION_NOT_FRESH';
}

export const stepUp = {
  /** Opens the dialog; resolves true once the user signed in again, false if they closed it. */
  request: (): Promise<boolean> => {
    waiting?.resolve(false);
    return new Promise((resolve) => {
      waiting = { resolve };
      notify();
    });
  },
  /** The dialog's answer. */
  settle: (confirmed: boolean) => {
    const current = waiting;
    waiting = null;
    notify();
    current?.resolve(confirmed);
  },
  isOpen: () => waiting !== null,
};

/** Whether the step-up dialog is open; the server render always sees it closed. */
export function useStepUpOpen(): boolean {
  return useSyncExternalStore(subscribe, stepUp.isOpen, () => false);
}

/**
 * Runs `call`; when the server answers SESSION_NOT_FRESH in a browser with the dialog mounted, asks for a
 * fresh sign-in and runs `call` once more. Closing the dialog rethrows the refusal (screens show it).
 */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStaleSession(error) || listeners.size === 0) throw error;
    if (!(await stepUp.request())) throw error;
    return call();
  }
}
