import { createMiddleware } from '@tanstack/react-start';
import { answerError } from '@/server/http/errors';

/**
 * The outermost server-function middleware: whatever a function throws leaves as an `AppError` with its
 * HTTP status. A database outage is a 503 the client retries; a validation failure a 400; anything
 * unexpected is logged with its stack here and answered as a bare UNKNOWN_ERROR, so no library message
 * or stack trace reaches the browser.
 */
export const errorMiddleware = createMiddleware({ type: 'function' }).server(
  async ({ next, serverFnMeta }) => {
    try {
      return await next();
    } catch (error) {
      throw answerError(error, serverFnMeta.name);
    }
  },
);
