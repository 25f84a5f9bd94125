import '@tanstack/react-start/server-only';
import { repositoryApi } from '@/features/repository/api.server';
// New entities' imports: pnpm scaffold:entity adds them above this line.
import type { ApiResource } from './resource';

/** The public API's collections, by their path segment: every tenant-owned entity's (src/entities.ts). */
export const API_RESOURCES: Readonly<Record<string, ApiResource>> = {
  [repositoryApi.collection]: repositoryApi,
  // New entities: pnpm scaffold:entity adds them above this line.
};
