import { createMiddleware } from '@tanstack/react-start';
import { isDemoRefusal } from '@/lib/errors';
import { demoDialog } from './store';

/**
 * Global server-function middleware (registered once in src/start.ts), the browser's half of the demo
 * rule: a call the server refused with DEMO_MODE (src/middleware/policy.ts, from the policy table) opens
 * the demo dialog, whoever made it (a mutation, a form calling the function directly…).
 */
export const demoMiddleware = createMiddleware({ type: 'function' }).client(async ({ next }) => {
  try {
    return await next();
  } catch (error) {
    // Server renders never open it: the dialog's state is the browser's alone.
    if (typeof window !== 'undefined' && isDemoRefusal(error)) demoDialog.open();
    throw error;
  }
});
