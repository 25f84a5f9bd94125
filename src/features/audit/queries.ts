import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { $listAuditEntries } from './functions';
import type { AuditFilters } from './schema';

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, limit: number) => ['audit', 'list', { ...filters, limit }] as const,
};

export const auditQueries = {
  /**
   * Entries newest first, narrowed by `filters` (the audit page's view, or one user's or organization's
   * activity), `limit` per page; every change elsewhere invalidates `auditKeys.all`.
   */
  list: ({ limit = 20, ...filters }: AuditFilters & { limit?: number }) =>
    infiniteQueryOptions({
      queryKey: auditKeys.list(filters, limit),
      queryFn: ({ pageParam }) => $listAuditEntries({ data: { ...filters, cursor: pageParam, limit } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // While another view loads, the previous rows stay on screen instead of a flash of skeletons.
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
};
