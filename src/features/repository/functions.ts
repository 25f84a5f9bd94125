import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { findRepositoryById, listRepositories } from './data.server';
import { zRepositoryIdInput, zRepositoryListQuery } from './schema';

/** One page of repositories, newest first, filtered by name. */
export const $listRepositories = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ repository: ['read'] })])
  .validator(zRepositoryListQuery)
  .handler(({ data }) => listRepositories(data));

/** One repository; NOT_FOUND when the id matches none. */
export const $getRepository = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ repository: ['read'] })])
  .validator(zRepositoryIdInput)
  .handler(async ({ data }) => {
    const found = await findRepositoryById(data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });
