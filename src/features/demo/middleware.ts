import { createMiddleware } from '@tanstack/react-start';
import { AppError, isDemoRefusal } from '@/lib/errors';
import { isDemoMode } from '@/server/env';
import { isServerFnRefusedInDemo } from './policy';
import { demoDialog } from './store';

/**
 * Global server-function middleware (registered once in src/start.ts). On the server, in demo mode, a
 * call that may change data is refused with DEMO_MODE before the function's own middleware or handler
 * runs. In the browser, such a refusal opens the demo dialog, whoever made the call (a mutation, a form
 * calling the function directly…).
 */
export const demoMiddleware = createMiddleware({ type: 'function' })
  .client(async ({ next }) => {
    try {
      return await next();
    } catch (error) {
      // Server renders never open it: the dialog's state is the browser's alone.
      if (typeof window !== 'undefined' && isDemoRefusal(error)) demoDialog.open();
      throw error;
    }
  })
  .server(({ method, serverFnMeta, next }) => {
    const call = { method, name: serverFnMeta.name, filename: serverFnMeta.filename };
    if (isDemoMode() && isServerFnRefusedInDemo(call)) throw new AppError('DEMO_MODE');
    return next();
  });
