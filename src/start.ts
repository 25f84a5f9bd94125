import { createCsrfMiddleware, createStart } from '@tanstack/react-start';
import { actingAsMiddleware } from '@/features/audit/middleware';
import { demoMiddleware } from '@/features/demo/middleware';
import { errorMiddleware } from '@/middleware/errors';
import { rateLimitMiddleware } from '@/middleware/rate-limit';
import { requestMiddleware } from '@/middleware/request';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Defining start.ts replaces Start's default request middleware, so CSRF protection is added back for
 * every server function call and every auth request that can change something: a cross-site request
 * (`Sec-Fetch-Site` other than same-origin, or a foreign `Origin`) gets 403 before any handler runs.
 * Auth GETs stay open: a social provider's redirect back to its callback is a cross-site navigation.
 */
const csrf = createCsrfMiddleware({
  filter: ({ handlerType, pathname, request }) =>
    handlerType === 'serverFn' || (pathname.startsWith('/api/auth/') && !SAFE_METHODS.has(request.method)),
  failureResponse: Response.json(
    { code: 'FORBIDDEN', message: 'Cross-site request refused' },
    { status: 403 },
  ),
});

export const startInstance = createStart(() => ({
  // Request context, body cap, headers and the request log first, so even a CSRF refusal carries them.
  requestMiddleware: [requestMiddleware, csrf],
  // Cross-cutting rules for every server function, so feature code never checks them itself.
  // An impersonation's changes are recorded as the admin's (after the demo refusal: a refused call changes nothing).
  // Per-user and per-address call limits run before any function's own middleware (ADR 018).
  functionMiddleware: [errorMiddleware, demoMiddleware, rateLimitMiddleware, actingAsMiddleware],
}));
