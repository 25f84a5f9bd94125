import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { requireOrganization } from '@/features/organization/middleware';
import { AppError } from '@/lib/errors';
import { clientIp } from '@/server/client-ip';
import { findRepositoryById, listRepositories } from './data.server';
import {
  changeRepository,
  createRepository,
  removeRepositories,
  removeRepository,
  resolveRepositorySelection,
} from './mutations.server';
import {
  zPlatformRepositoryBulkDeleteInput,
  zPlatformRepositoryCreateInput,
  zRepositoryBulkDeleteInput,
  zPlatformRepositoryListQuery,
  zRepositoryForm,
  zRepositoryIdInput,
  zRepositoryListQuery,
  zRepositoryUpdateInput,
} from './schema';

// The app area: the caller's active organization's repositories. Members read; the organization's owners
// and admins write. An id from another organization is not found, for every function.

/** One page of the active organization's repositories in the asked order, filtered by name. */
export const $listRepositories = createServerFn({ method: 'GET' })
  .middleware([requireOrganization()])
  .validator(zRepositoryListQuery)
  .handler(({ data, context }) => listRepositories({ organizationId: context.organization.id }, data));

/** One of the active organization's repositories; NOT_FOUND for any other id. */
export const $getRepository = createServerFn({ method: 'GET' })
  .middleware([requireOrganization()])
  .validator(zRepositoryIdInput)
  .handler(async ({ data, context }) => {
    const found = await findRepositoryById({ organizationId: context.organization.id }, data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

/** Adds a repository to the active organization (audited); `CONFLICT:name` when it has one of that name. */
export const $createRepository = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ repository: ['create'] })])
  .validator(zRepositoryForm)
  .handler(({ data, context }) =>
    createRepository(context.organization.id, data, { userId: context.user.id, ip: clientIp() }),
  );

/** Replaces one of the active organization's repositories' fields (audited). */
export const $updateRepository = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ repository: ['update'] })])
  .validator(zRepositoryUpdateInput)
  .handler(async ({ data, context }) => {
    const scope = { organizationId: context.organization.id };
    const updated = await changeRepository(scope, data.id, data.values, {
      userId: context.user.id,
      ip: clientIp(),
    });
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  });

/** Deletes one of the active organization's repositories (audited). */
export const $deleteRepository = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ repository: ['delete'] })])
  .validator(zRepositoryIdInput)
  .handler(async ({ data, context }) => {
    const scope = { organizationId: context.organization.id };
    const deleted = await removeRepository(scope, data.id, { userId: context.user.id, ip: clientIp() });
    if (!deleted) throw new AppError('NOT_FOUND');
    return { id: data.id };
  });

/**
 * Deletes many of the active organization's repositories (each audited), the selected ones or every one
 * the list view matches (at most `BULK_MAX_ROWS`), answering per row; another organization's id is NOT_FOUND.
 */
export const $bulkDeleteRepositories = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ repository: ['delete'] })])
  .validator(zRepositoryBulkDeleteInput)
  .handler(async ({ data, context }) => {
    const scope = { organizationId: context.organization.id };
    const ids = await resolveRepositorySelection(scope, data.selection);
    return removeRepositories(scope, ids, { userId: context.user.id, ip: clientIp() });
  });

// The manager area: the platform's repositories, across organizations (platform roles, spec §6).

const PLATFORM = { platform: true } as const;

/** One page of every organization's repositories, optionally one organization's. */
export const $listPlatformRepositories = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['read'] })])
  .validator(zPlatformRepositoryListQuery)
  .handler(({ data: { organizationId, ...query } }) =>
    listRepositories({ ...PLATFORM, ...(organizationId ? { organizationId } : {}) }, query),
  );

/** Any organization's repository; NOT_FOUND when the id matches none. */
export const $getPlatformRepository = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['read'] })])
  .validator(zRepositoryIdInput)
  .handler(async ({ data }) => {
    const found = await findRepositoryById(PLATFORM, data.id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

/** Adds a repository to the organization the form names (audited); NOT_FOUND for an unknown organization. */
export const $createPlatformRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['create'] })])
  .validator(zPlatformRepositoryCreateInput)
  .handler(({ data: { organizationId, ...values }, context }) =>
    createRepository(organizationId, values, { userId: context.user.id, ip: clientIp() }),
  );

/** Replaces any organization's repository's fields (audited). */
export const $updatePlatformRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['update'] })])
  .validator(zRepositoryUpdateInput)
  .handler(async ({ data, context }) => {
    const updated = await changeRepository(PLATFORM, data.id, data.values, {
      userId: context.user.id,
      ip: clientIp(),
    });
    if (!updated) throw new AppError('NOT_FOUND');
    return updated;
  });

/** Deletes any organization's repository (audited). */
export const $deletePlatformRepository = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['delete'] })])
  .validator(zRepositoryIdInput)
  .handler(async ({ data, context }) => {
    const deleted = await removeRepository(PLATFORM, data.id, { userId: context.user.id, ip: clientIp() });
    if (!deleted) throw new AppError('NOT_FOUND');
    return { id: data.id };
  });

/** Deletes many of any organization's repositories (each audited), as `$bulkDeleteRepositories` does. */
export const $bulkDeletePlatformRepositories = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], repository: ['delete'] })])
  .validator(zPlatformRepositoryBulkDeleteInput)
  .handler(async ({ data: { selection }, context }) => {
    const organizationId = 'view' in selection ? selection.view.organizationId : undefined;
    const scope = { ...PLATFORM, ...(organizationId ? { organizationId } : {}) };
    const ids = await resolveRepositorySelection(scope, selection);
    return removeRepositories(scope, ids, { userId: context.user.id, ip: clientIp() });
  });
