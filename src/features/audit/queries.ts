import { infiniteQueryOptions } from '@tanstack/react-query';
import { $listAuditEntries } from './functions';

export const auditKeys = {
  all: ['audit'] as const,
  list: (userId: string | undefined, limit: number, organizationId?: string) =>
    ['audit', 'list', { userId, organizationId, limit }] as const,
};

export const auditQueries = {
  /** Entries newest first, `limit` per page; every change elsewhere invalidates `auditKeys.all`. */
  list: ({
    userId,
    organizationId,
    limit = 20,
  }: {
    userId?: string;
    organizationId?: string;
    limit?: number;
  }) =>
    infiniteQueryOptions({
      queryKey: auditKeys.list(userId, limit, organizationId),
      queryFn: ({ pageParam }) =>
        $listAuditEntries({ data: { userId, organizationId, cursor: pageParam, limit } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      staleTime: 15_000,
    }),
};
