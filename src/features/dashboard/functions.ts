import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { getDashboardFigures } from './data.server';

/**
 * The dashboard's figures. They describe the user base, so they need the right to list users, not only
 * access to the manager area. No input: there is nothing for a validator to check.
 */
export const $getDashboard = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], user: ['list'] })])
  .handler(() => getDashboardFigures());
