import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import type { AreaSsr } from '@/lib/area-ssr';
import { serverEnv } from '@/server/env';

// Start's default entry (`@tanstack/react-start/server-entry`), streaming pages as before. Rendering them to
// a string instead (`defaultRenderHandler`) saved no measurable CPU on the list pages, and a page whose
// render suspends (a query no loader prefetched, a lazy part's first render) then arrives as its fallback
// and is rendered again in the browser (ADR 037).
const handler = createStartHandler(defaultStreamHandler);

/**
 * Every request carries the signed-in areas' render mode (`AREA_SSR`), read by `areaSsr` (src/lib/area-ssr.ts).
 * A request whose client disconnected before the answer ends here: Start throws the abort, which the
 * server would otherwise print with its stack and count as a 500; the request middleware has logged it
 * once as aborted (src/middleware/request.ts), and nobody is left to read an answer.
 */
export default createServerEntry({
  fetch: async (request, options) => {
    const areaSsr: AreaSsr = serverEnv().AREA_SSR;
    try {
      return await handler(request, { ...options, context: { ...options?.context, areaSsr } });
    } catch (error) {
      if (request.signal.aborted) return new Response(null, { status: 499 });
      throw error;
    }
  },
});

declare module '@tanstack/react-start' {
  interface Register {
    server: { requestContext: { areaSsr?: AreaSsr } | undefined };
  }
}
