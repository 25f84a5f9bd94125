import { createCsrfMiddleware, createStart } from '@tanstack/react-start';
import { demoMiddleware } from '@/features/demo/middleware';

// Defining start.ts replaces Start's default request middleware, so CSRF protection is added back,
// first, for every server function call: a cross-site request gets 403 before any handler runs.
const csrf = createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' });

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf],
  // Cross-cutting rules for every server function, so feature code never checks them itself.
  functionMiddleware: [demoMiddleware],
}));
