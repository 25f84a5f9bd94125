/**
 * `load` (a dynamic import, usually) started on the first call and shared by every later one; a failure
 * is forgotten, so the next call downloads again (offline for a moment, say). The one loader behind the
 * parts fetched on first use: dialogs and sheets (`onDemand`), toasts, better-auth's client, the
 * translation backend and the lazily rendered parts (docs/performance.md#lazy-loaders).
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const started = load();
      loading = started;
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
    }
    return loading;
  };
}
