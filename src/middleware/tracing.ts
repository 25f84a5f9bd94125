import { createMiddleware } from '@tanstack/react-start';
import { serverFunctionKey } from '@/server/policy/server-functions';
import { activeTracing } from '@/server/tracing/active';

// The request and server-function spans (docs/decisions/040-tracing.md). Without tracing each is one
// property read and the call to `next`; with it, the span is the current one for everything the request
// or call runs, so the statements timed in src/server/db/timing.ts become its children.

type RouteMatcher = {
  getMatchedRoutes: (pathname: string) => readonly [unknown, unknown, { fullPath: string } | undefined];
};

/** A router of its own over the app's route tree, made on the first traced page: it only matches paths. */
let matcher: Promise<RouteMatcher> | undefined;

/**
 * The route's path template (`/app/repositories/$repositoryId`), not the path with its ids: what a trace
 * backend groups requests by. Start matches its own router after the request middleware has handed on, so
 * the template is looked up again here, only when tracing.
 */
async function routeTemplate(pathname: string, handlerType: string): Promise<string | undefined> {
  if (handlerType === 'serverFn') return '/_serverFn/$id';
  // No context, loaders or history are needed to match a path, whatever the app's router is given.
  matcher ??= Promise.all([import('@tanstack/react-router'), import('@/routeTree.gen')]).then(
    ([{ createRouter }, { routeTree }]) => (createRouter as (options: object) => RouteMatcher)({ routeTree }),
  );
  try {
    const fullPath = (await matcher).getMatchedRoutes(pathname)[2]?.fullPath;
    // An index route's full path ends in a slash (`/login/`); the path asked for does not.
    return fullPath && fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath;
  } catch {
    return undefined;
  }
}

/** The first request middleware (src/start.ts): one span per request, from before the request's context. */
export const tracingMiddleware = createMiddleware().server(
  async ({ request, pathname, handlerType, next }) => {
    const tracing = activeTracing();
    if (!tracing) return next();
    const route = await routeTemplate(pathname, handlerType);
    return tracing.request(
      { method: request.method, path: pathname, handlerType, headers: request.headers },
      async () => next(),
      (result, error) => ({
        status: result?.response.status ?? (request.signal.aborted ? 499 : 500),
        requestId: result?.response.headers.get('x-request-id') ?? undefined,
        route,
        error,
      }),
    );
  },
);

/** The first function middleware (src/start.ts): one span per server-function call, by its `file#export`. */
export const tracingFunctionMiddleware = createMiddleware({ type: 'function' }).server(
  async ({ serverFnMeta, next }) => {
    const tracing = activeTracing();
    if (!tracing) return next();
    return tracing.serverFunction(serverFunctionKey(serverFnMeta.filename, serverFnMeta.name), () => next());
  },
);
