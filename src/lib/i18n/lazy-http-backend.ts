import type { BackendModule, ReadCallback, Services } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { lazyImport } from '../lazy-import';

/**
 * i18next-http-backend, fetched on the first read. A first visit never reads (the server sends the
 * visitor's language with the page), so the backend is downloaded only when the visitor switches language
 * or a namespace is missing (docs/performance.md#lazy-loaders). A failed download is a retryable read
 * error: i18next retries it like a failed fetch, and the next read downloads again.
 */
export function lazyHttpBackend(): BackendModule<HttpBackendOptions> {
  let setup: [Services, HttpBackendOptions] | undefined;
  const load = lazyImport(() =>
    import('i18next-http-backend').then(({ default: HttpBackend }) => {
      const backend = new HttpBackend();
      if (setup) backend.init(...setup);
      return backend;
    }),
  );

  return {
    type: 'backend',
    callbackApi: true,
    // i18next's own options only matter to the backend's periodic reload, which the product does not use.
    init(services, backendOptions) {
      setup = [services, backendOptions];
    },
    read(language: string, namespace: string, callback: ReadCallback) {
      load().then(
        (backend) => backend.read(language, namespace, callback),
        (error: unknown) => callback(error instanceof Error ? error.message : String(error), true),
      );
    },
  };
}
