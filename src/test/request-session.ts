// What the server's per-request session read (`requestSession`, src/server/auth/session.ts) answers in tests
// that call a server route's handler directly, without a request: whoever the test says. Test files mock
// the module with this one (`vi.mock('@/server/auth/session', () => import('@/test/request-session'))`):
// one module and one caller however many files share a worker.
let current: unknown = null;

/** Who the next calls are made by: a `{ user, session }` as the session read returns it, or null. */
export function setRequestSession(caller: unknown): void {
  current = caller;
}

export function requestSession(): Promise<never> {
  return Promise.resolve(current as never);
}
