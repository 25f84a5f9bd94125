import '@tanstack/react-start/server-only';

type Lifecycle = { stopping: boolean };

// On globalThis: the server plugin that sees the signal and the app code that answers requests are
// bundled apart, each with its own copy of this module.
const lifecycle: Lifecycle = ((globalThis as { __starterLifecycle?: Lifecycle }).__starterLifecycle ??= {
  stopping: false,
});

/** From SIGTERM on: /api/ready answers 503 and every answer closes its connection, so clients move on. */
export function markStopping(): void {
  lifecycle.stopping = true;
}

export function isStopping(): boolean {
  return lifecycle.stopping;
}
