import { createServerFn } from '@tanstack/react-start';
import { z } from 'zod';
import { requirePermission } from '@/features/auth/middleware';
import { zListQuery } from '@/lib/list';
import { listAuditEntries } from './data.server';

const zAuditListQuery = zListQuery.omit({ searchTerm: true }).extend({
  /** Only entries where this user acted or was the target. */
  userId: z.string().max(64).optional(),
});

/**
 * Audit entries, newest first. The trail names users and what was done to them, so it needs the same
 * permission as the user list.
 */
export const $listAuditEntries = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ user: ['list'] })])
  .validator(zAuditListQuery)
  .handler(({ data }) => listAuditEntries(data));
