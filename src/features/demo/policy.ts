/** What demo mode needs to know about a server function call (from Start's `method` and `serverFnMeta`). */
export type ServerFnCall = { method: string; name: string; filename: string };

export type DemoWritableServerFn = {
  /** Source file relative to the project root, as Start's compiler records it. */
  filename: string;
  /** The exported name, e.g. `$setSomething`. */
  name: string;
  /** Why a change made by it is not a change to the demo's data. */
  why: string;
};

/**
 * POST server functions that still run in a read-only demo. A function belongs here only when all it
 * changes is the caller's own browser state (a cookie), never a row another visitor could see.
 *
 * The language choice needs no entry: the browser stores it (i18next writes the cookie and local
 * storage) and the server only reads it, in the GET `$getI18nBootstrap`, so switching language keeps
 * working in the demo. A server function that merely sets a preference cookie would be listed here.
 */
const DEMO_WRITABLE_SERVER_FNS: readonly DemoWritableServerFn[] = [];

/**
 * Demo mode's rule for server functions. Start rejects a call whose HTTP method differs from the one
 * the function declares, so the method is the function's own: GET is a read and runs; anything else
 * may change data and is refused unless allowlisted. A read must therefore be declared GET.
 */
export function isServerFnRefusedInDemo(
  call: ServerFnCall,
  writable: readonly DemoWritableServerFn[] = DEMO_WRITABLE_SERVER_FNS,
): boolean {
  if (call.method.toUpperCase() === 'GET') return false;
  return !writable.some((fn) => fn.filename === call.filename && fn.name === call.name);
}
