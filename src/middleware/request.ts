import { randomBytes, randomUUID } from 'node:crypto';
import { createMiddleware } from '@tanstack/react-start';
import { logger, serializeError } from '@/server/logger';
import { type RequestContext, runWithRequestContext } from '@/server/http/request-context';
import { bodyLimitRefusal, acceptsBody } from '@/server/http/body-limit';
import { compressResponse } from '@/server/http/compression';
import { createPageCache } from '@/server/http/page-cache';
import { securityHeaders } from '@/server/http/security-headers';
import { isStopping } from '@/server/lifecycle';

/** A caller's (or proxy's) id is kept when it looks like one, so a request can be followed across hops. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const production = process.env.NODE_ENV === 'production';

/**
 * The sign-in pages as rendered for visitors without a session, kept for a minute: they depend only on
 * the URL and the language, and are what every anonymous visit and most unwanted traffic asks for (ADR 012).
 */
const pageCache = createPageCache({
  paths: ['/login', '/login/verify', '/login/error'],
  params: ['redirect', 'email', 'error', 'lng'],
  ttlMs: 60_000,
  maxEntries: 100,
});

/**
 * The first request middleware: gives the request an id and a CSP nonce, runs it inside the request
 * context (database time, user), refuses oversized bodies, then stamps security headers, the request id
 * and Server-Timing on the answer, logs one line for it and compresses it for a client that accepts that.
 */
export const requestMiddleware = createMiddleware().server(
  async ({ request, pathname, handlerType, next }) => {
    const incomingId = request.headers.get('x-request-id');
    const context: RequestContext = {
      id: incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID(),
      handlerType,
      startedAt: performance.now(),
      dbMs: 0,
      dbQueries: 0,
    };
    const nonce = randomBytes(16).toString('base64');

    return runWithRequestContext(context, async () => {
      let response: Response;
      try {
        const refusal = acceptsBody(pathname, handlerType) ? bodyLimitRefusal(request) : undefined;
        const cacheKey = refusal ? undefined : pageCache.keyFor(request, pathname);
        const cached = cacheKey === undefined ? undefined : pageCache.serve(cacheKey, nonce);
        if (cacheKey !== undefined) context.pageCache = cached ? 'hit' : 'miss';
        response = refusal ?? cached ?? (await next({ context: { nonce } })).response;
        if (cacheKey !== undefined && !cached) response = await pageCache.keep(cacheKey, response, nonce);
      } catch (error) {
        logRequest(request, pathname, 500, context, error);
        throw error;
      }
      try {
        const headers = response.headers;
        for (const [name, value] of Object.entries(securityHeaders({ nonce, production }))) {
          if (!headers.has(name)) headers.set(name, value);
        }
        headers.set('x-request-id', context.id);
        if (isStopping()) headers.set('connection', 'close');
        headers.set('server-timing', serverTiming(context));
      } catch {
        // A response with immutable headers (a proxied fetch) goes out as it is.
      }
      logRequest(request, pathname, response.status, context);
      return compressResponse(request, response);
    });
  },
);

function serverTiming(context: RequestContext): string {
  const total = performance.now() - context.startedAt;
  const cache = context.pageCache ? `page-cache;desc="${context.pageCache}", ` : '';
  return `${cache}db;dur=${context.dbMs.toFixed(1)};desc="${context.dbQueries} queries", total;dur=${total.toFixed(1)}`;
}

/** One line per request; the path without its query, which may hold codes or tokens. */
function logRequest(
  request: Request,
  pathname: string,
  status: number,
  context: RequestContext,
  error?: unknown,
): void {
  const line = {
    requestId: context.id,
    method: request.method,
    path: pathname,
    status,
    durationMs: Math.round((performance.now() - context.startedAt) * 10) / 10,
    dbMs: Math.round(context.dbMs * 10) / 10,
    ...(context.userId ? { userId: context.userId } : {}),
    ...(context.pageCache ? { pageCache: context.pageCache } : {}),
    ...(error ? { err: serializeError(error) } : {}),
  };
  if (status >= 500) logger.error(line, 'request failed');
  else logger.info(line, 'request');
}
