import { queryOptions } from '@tanstack/react-query';
import { $listSessions } from './functions';

export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
};

export const accountQueries = {
  /** The signed-in user's devices, this one included. */
  sessions: () =>
    queryOptions({
      queryKey: accountKeys.sessions,
      queryFn: () => $listSessions(),
    }),
};
