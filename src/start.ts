import { createCsrfMiddleware, createStart } from '@tanstack/react-start';
import { actingAsMiddleware } from '@/features/audit/middleware';
import { demoMiddleware } from '@/features/demo/middleware';
import { errorMiddleware } from '@/middleware/errors';
import { apiPolicyMiddleware, policyMiddleware } from '@/middleware/policy';
import { requestMiddleware } from '@/middleware/request';
import { tracingFunctionMiddleware, tracingMiddleware } from '@/middleware/tracing';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const BILLING_WEBHOOK_PATH = '/api/billing/webhook';

/**
 * Defining start.ts replaces Start's default request middleware, so CSRF protection is added back for
 * every server function call and every API request that can change something (the auth API, the sign-in
 * forms posted before hydration): a cross-site request (`Sec-Fetch-Site` other than same-origin, or a
 * foreign `Origin`) gets 403 before any handler runs. GETs stay open: a social provider's redirect back to
 * its callback is a cross-site navigation.
 */
const csrf = createCsrfMiddleware({
  filter: ({ handlerType, pathname, request }) =>
    handlerType === 'serverFn' ||
    // The public API reads a bearer key, never a cookie, and Stripe's webhook its signature: a cross-site
    // page can send them nothing it holds.
    (pathname.startsWith('/api/') &&
      !pathname.startsWith('/api/v1/') &&
      pathname !== BILLING_WEBHOOK_PATH &&
      !SAFE_METHODS.has(request.method)),
  failureResponse: Response.json(
    { code: 'FORBIDDEN', message: 'Cross-site request refused' },
    { status: 403 },
  ),
});

/**
 * What runs before a handler, in order (docs/architecture.md, "What runs before your handler"). Every
 * rule a route or function is under is stated in the policy tables (src/server/policy), and enforced here
 * for server functions and API routes, and by the auth hooks for better-auth's routes.
 */
export const startInstance = createStart(() => ({
  // The request's span around everything (when tracing is on: src/middleware/tracing.ts); request context,
  // body cap, headers and the request log, so even a CSRF refusal carries them; then the API routes'
  // policy (404 for a path the table does not list).
  requestMiddleware: [tracingMiddleware, requestMiddleware, csrf, apiPolicyMiddleware],
  // The call's span (when tracing is on); errors as codes; the demo dialog (browser side); the function's
  // policy (no entry: refused; demo, call limits, impersonation, recent sign-in); then an impersonation's
  // changes recorded as the admin's.
  // The function's own middleware (access) and validator run after these.
  functionMiddleware: [
    tracingFunctionMiddleware,
    errorMiddleware,
    demoMiddleware,
    policyMiddleware,
    actingAsMiddleware,
  ],
}));
