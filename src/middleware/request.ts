import { randomBytes, randomUUID } from 'node:crypto';
import { createMiddleware } from '@tanstack/react-start';
import { logger, serializeError } from '@/server/logger';
import { type RequestContext, runWithRequestContext } from '@/server/http/request-context';
import { bodyLimitRefusal, acceptsBody } from '@/server/http/body-limit';
import { type ResponseCompression, responseCompression } from '@/server/http/compression';
import { type PageCache, signInPageCache } from '@/server/http/page-cache';
import { securityHeaders } from '@/server/http/security-headers';
import { isReadableCall, methodRefusal, serverFnRefusal } from '@/server/http/server-fn-answers';
import { serverTiming, showsTimingDetail } from '@/server/http/server-timing';
import { serverEnv } from '@/server/env';
import { isStopping } from '@/server/lifecycle';
import { recordAbortedRequest, recordRequest, requestGroup, startProcessMetrics } from '@/server/metrics';

/** A caller's (or proxy's) id is kept when it looks like one, so a request can be followed across hops. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

const production = process.env.NODE_ENV === 'production';

/**
 * Every answer that reaches the app is made for one request and most depend on the session: pages (which
 * also carry a one-time CSP nonce), server-function JSON, the auth API. No cache may keep or share them.
 * Static files never get here; the server sends them with their own long-lived, immutable caching.
 */
const NOT_STORED = 'private, no-store';

/** The sign-in pages' cache (`PAGE_CACHE`) and compression (`COMPRESSION`), set up at the first request. */
let pageCache: PageCache | undefined;
let compression: ResponseCompression | undefined;
let timingDetail: boolean | undefined;
let metricsChecked = false;

/**
 * The first request middleware: gives the request an id and a CSP nonce, runs it inside the request
 * context (database time, user), refuses oversized bodies and server-function calls Start could not read,
 * then stamps security headers, the caching rule, the request id and Server-Timing on the answer, logs
 * one line for it and compresses it for a client that accepts that.
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
    const cache = (pageCache ??= signInPageCache(serverEnv()));
    const compress = (compression ??= responseCompression(serverEnv()));
    // The process metrics sample from the first request on (the readiness probe's, at start), so the
    // first scrape already has the event loop's delay.
    if (!metricsChecked) {
      metricsChecked = true;
      if (serverEnv().METRICS_TOKEN) startProcessMetrics();
    }

    return runWithRequestContext(context, async () => {
      let response: Response;
      let failure: unknown;
      try {
        const refusal = await refusalBeforeStart(request, pathname, handlerType);
        const cacheKey = refusal ? undefined : cache.keyFor(request, pathname);
        const cached = cacheKey === undefined ? undefined : cache.serve(cacheKey, nonce);
        if (cacheKey !== undefined) context.pageCache = cached ? 'hit' : 'miss';
        response = refusal ?? cached ?? (await next({ context: { nonce } })).response;
        if (cacheKey !== undefined && !cached) response = await cache.keep(cacheKey, response, nonce);
        if (handlerType === 'serverFn' && response.status === 405) response = methodRefusal(response);
      } catch (error) {
        // A client that went away is no failure of the server's (Start then ends the request: src/server.ts).
        if (request.signal.aborted) {
          logAbortedRequest(request, pathname, context);
          throw error;
        }
        if (handlerType !== 'serverFn') {
          logRequest(request, pathname, 500, context, error);
          throw error;
        }
        // Start looks the function up outside its own error handling: an id this build does not have (or an
        // object's built-in key) would leave with the lookup's message. It is a function that does not exist.
        failure = error;
        response = serverFnRefusal('NOT_FOUND', 404);
      }
      if (request.signal.aborted) {
        logAbortedRequest(request, pathname, context);
        return response;
      }
      stampHeaders(response.headers, context, nonce);
      logRequest(request, pathname, response.status, context, failure);
      return compress(request, response);
    });
  },
);

/**
 * What is refused before Start reads the request: a body over the cap, and a server-function call whose
 * payload Start could not read (400 VALIDATION_ERROR, where Start would answer 500 with its parser's text).
 */
async function refusalBeforeStart(
  request: Request,
  pathname: string,
  handlerType: string,
): Promise<Response | undefined> {
  const tooLarge = acceptsBody(pathname, handlerType) ? bodyLimitRefusal(request) : undefined;
  if (tooLarge || handlerType !== 'serverFn') return tooLarge;
  // A body that cannot even be read (the client broke off) is no more readable to Start.
  const readable = await isReadableCall(request).catch(() => false);
  return readable ? undefined : serverFnRefusal('VALIDATION_ERROR', 400);
}

function stampHeaders(headers: Headers, context: RequestContext, nonce: string): void {
  timingDetail ??= showsTimingDetail(serverEnv());
  try {
    for (const [name, value] of Object.entries(securityHeaders({ nonce, production }))) {
      if (!headers.has(name)) headers.set(name, value);
    }
    // A handler's `no-transform` (no compression on the way) is kept.
    const noTransform = /\bno-transform\b/i.test(headers.get('cache-control') ?? '');
    headers.set('cache-control', noTransform ? `${NOT_STORED}, no-transform` : NOT_STORED);
    headers.set('x-request-id', context.id);
    if (isStopping()) headers.set('connection', 'close');
    headers.set('server-timing', serverTiming(context, timingDetail));
  } catch {
    // A response with immutable headers (a proxied fetch) goes out as it is.
  }
}

/**
 * One line per request, with the database's time and query count; the path without its query. Counted
 * in the metrics here too, once per request, by route group and status.
 */
function logRequest(
  request: Request,
  pathname: string,
  status: number,
  context: RequestContext,
  error?: unknown,
): void {
  const elapsedMs = performance.now() - context.startedAt;
  recordRequest(requestGroup(pathname, context.handlerType), status, elapsedMs / 1000);
  const line = {
    requestId: context.id,
    method: request.method,
    path: pathname,
    status,
    durationMs: Math.round(elapsedMs * 10) / 10,
    dbMs: Math.round(context.dbMs * 10) / 10,
    dbQueries: context.dbQueries,
    ...(context.userId ? { userId: context.userId } : {}),
    ...(context.pageCache ? { pageCache: context.pageCache } : {}),
    ...(error ? { err: serializeError(error) } : {}),
  };
  if (status >= 500) logger.error(line, 'request failed');
  else if (error) logger.warn(line, 'request refused');
  else logger.info(line, 'request');
}

/**
 * The one line of a request whose client disconnected before the answer: no status (none was sent), no
 * error, counted in the metrics apart from the answered ones.
 */
function logAbortedRequest(request: Request, pathname: string, context: RequestContext): void {
  recordAbortedRequest(requestGroup(pathname, context.handlerType));
  logger.info(
    {
      requestId: context.id,
      method: request.method,
      path: pathname,
      aborted: true,
      durationMs: Math.round((performance.now() - context.startedAt) * 10) / 10,
      dbMs: Math.round(context.dbMs * 10) / 10,
      dbQueries: context.dbQueries,
      ...(context.userId ? { userId: context.userId } : {}),
    },
    'request aborted by the client',
  );
}
