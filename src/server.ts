import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import type { AreaSsr } from '@/lib/area-ssr';
import { serverEnv } from '@/server/env';

// Start's default entry (`@tanstack/react-start/server-entry`), streaming pages as before. Rendering them to
// a string instead (`defaultRenderHandler`) saved no measurable CPU on the list pages, and a page whose
// render suspends (a query no loader prefetched, a lazy part's first render) then arrives as its fallback
// and is rendered again in the browser (ADR 037).
const handler = createStartHandler(defaultStreamHandler);

/** Every request carries the signed-in areas' render mode (`AREA_SSR`), read by `areaSsr` (src/lib/area-ssr.ts). */
export default createServerEntry({
  fetch: (request, options) => {
    const areaSsr: AreaSsr = serverEnv().AREA_SSR;
    return handler(request, { ...options, context: { ...options?.context, areaSsr } });
  },
});

declare module '@tanstack/react-start' {
  interface Register {
    server: { requestContext: { areaSsr?: AreaSsr } | undefined };
  }
}
