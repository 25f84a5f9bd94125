import '@tanstack/react-start/server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** An admin signed in as a user (an impersonation session): who acts, and as whom. */
export type ActingAs = {
  adminId: string;
  userId: string;
  /** The user's name (or address) when the change is made; the entry keeps it after a rename. */
  userLabel: string | null;
};

type Scope = ActingAs & { recorded: boolean };

const storage = new AsyncLocalStorage<Scope>();

/**
 * Runs `fn` as a change made by `actingAs.adminId` signed in as `actingAs.userId`: every audit entry
 * written inside is the admin's and names the user (`recordAudit` reads the scope), whichever code writes
 * it. `recorded` tells whether any entry was written, so the caller can add one when the change wrote none.
 */
export async function actingAsScope<T>(
  actingAs: ActingAs,
  fn: () => Promise<T>,
): Promise<{ result: T; recorded: boolean }> {
  const scope: Scope = { ...actingAs, recorded: false };
  const result = await storage.run(scope, fn);
  return { result, recorded: scope.recorded };
}

/** The impersonation the current change is made in, if any; marks that an entry is being written. */
export function takeActingAsForEntry(): ActingAs | undefined {
  const scope = storage.getStore();
  if (!scope) return undefined;
  scope.recorded = true;
  return { adminId: scope.adminId, userId: scope.userId, userLabel: scope.userLabel };
}

/** An organization's API key making a change through the public API: the actor of its entries. */
export type ActingKey = { id: string; name: string };

const keyStorage = new AsyncLocalStorage<ActingKey>();

/**
 * Runs `fn` as a call of the public API made with `key`: every audit entry written inside names the key as
 * its actor (`recordAudit` reads the scope), whichever feature's code writes it.
 */
export function apiKeyScope<T>(key: ActingKey, fn: () => Promise<T>): Promise<T> {
  return keyStorage.run(key, fn);
}

/** The API key the current change is made with, if any. */
export function actingKey(): ActingKey | undefined {
  return keyStorage.getStore();
}
