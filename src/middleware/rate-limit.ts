import { createMiddleware } from '@tanstack/react-start';
import { limitServerFnCall } from '@/server/http/server-fn-limit';

/**
 * Global server-function middleware (registered in src/start.ts, after the error middleware that gives
 * the refusal its 429): every call, over HTTP or while rendering a page, counts against its user's and
 * its client address's per-minute limits before the function's own middleware or handler runs.
 */
export const rateLimitMiddleware = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  await limitServerFnCall();
  return next();
});
