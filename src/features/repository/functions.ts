import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { AppError } from '@/lib/errors';
import { clientIp } from '@/server/client-ip';
import { findRepositoryById, listRepositories } from './data.server';
import { changeRepository, createRepository, removeRepository } from './mutations.server';
import { zRepositoryForm, zRepositoryIdInput, zRepositoryListQuery, zRepositoryUpdateInput } from './schema';

/** One page of repositories in the asked order (newest first by default), filtered by name. */
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

/** Adds a repository (audited); `CONFLICT:name` when the name is taken. */
export const $createRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ repository: ['create'] })])
  .validator(zRepositoryForm)
  .handler(({ data, context }) => createRepository(data, { userId: context.user.id, ip: clientIp() }));

/** Replaces a repository's fields (audited); NOT_FOUND for an unknown id, `CONFLICT:name` for a taken name. */
export const $updateRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ repository: ['update'] })])
  .validator(zRepositoryUpdateInput)
  .handler(async ({ data, context }) => {
    const updated = await changeRepository(data.id, data.values, { userId: context.user.id, ip: clientIp() });
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  });

/** Deletes a repository (audited); NOT_FOUND for an unknown id. */
export const $deleteRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ repository: ['delete'] })])
  .validator(zRepositoryIdInput)
  .handler(async ({ data, context }) => {
    const deleted = await removeRepository(data.id, { userId: context.user.id, ip: clientIp() });
    if (!deleted) throw new AppError('NOT_FOUND');
    return { id: data.id };
  });
