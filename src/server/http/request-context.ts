import '@tanstack/react-start/server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** What the server learns about one request while answering it, for its log line and Server-Timing. */
export type RequestContext = {
  id: string;
  /** 'serverFn' for a server-function call over HTTP, 'router' for pages and API routes. */
  handlerType: string;
  startedAt: number;
  /** Time spent waiting for the database, summed over the request's queries (they may overlap). */
  dbMs: number;
  dbQueries: number;
  userId?: string;
  /** Whether a public page came from the page cache ('hit') or was rendered and offered to it ('miss'). */
  pageCache?: 'hit' | 'miss';
};

// One store per process: the server bundle holds two copies of this module (the nitro plugin's and the
// app's), and the database timing installed by either must reach the request running in the other.
const storage: AsyncLocalStorage<RequestContext> = ((
  globalThis as { __starterRequests?: AsyncLocalStorage<RequestContext> }
).__starterRequests ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Runs `fn` outside any request: timers it starts (background work shared by every request) do not
 * carry the request that happened to start them, nor count their queries in its Server-Timing.
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function recordDatabaseTime(ms: number): void {
  const context = storage.getStore();
  if (!context) return;
  context.dbMs += ms;
  context.dbQueries += 1;
}

/** Called where a session is resolved, so the request's log line names who made it. */
export function recordRequestUser(userId: string | undefined): void {
  const context = storage.getStore();
  if (context && userId) context.userId = userId;
}
