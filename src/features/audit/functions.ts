import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { listAuditEntries } from './data.server';
import { zAuditListQuery } from './schema';

/**
 * Audit entries, newest first. The trail names users and what was done to them, so it needs the same
 * permission as the user list.
 */
export const $listAuditEntries = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(zAuditListQuery)
  .handler(({ data }) => listAuditEntries(data));
