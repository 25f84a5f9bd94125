import { createServerFn } from '@tanstack/react-start';
import { requirePermission } from '@/features/auth/middleware';
import { requireOrganization } from '@/features/organization/middleware';
import { AppError } from '@/lib/errors';
import { getAuth } from '@/server/auth/instance';
import { clientIp } from '@/server/client-ip';
import { listApiKeys, organizationExists } from './data.server';
import { createApiKey, revokeApiKey } from './mutations.server';
import { zApiKeyForm, zApiKeyIdInput, zOrganizationApiKeysInput, zPlatformApiKeyIdInput } from './schema';

// The active organization's API keys, for its owners and admins (the organization statement `apiKey`);
// members neither see nor make them. Creating one needs a recent sign-in (the policy table). An id from
// another organization is not found.

/** The active organization's keys, newest first (never a key itself). */
export const $listApiKeys = createServerFn({ method: 'GET' })
  .middleware([requireOrganization({ apiKey: ['read'] })])
  .handler(({ context }) => listApiKeys(context.organization.id));

/** A new key for the active organization, audited; the answer holds the key, shown once. */
export const $createApiKey = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ apiKey: ['create'] })])
  .validator(zApiKeyForm)
  .handler(async ({ data, context }) =>
    createApiKey(await getAuth(), context.organization.id, data, { userId: context.user.id, ip: clientIp() }),
  );

/** Revokes one of the active organization's keys, audited; NOT_FOUND for any other id. */
export const $revokeApiKey = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ apiKey: ['delete'] })])
  .validator(zApiKeyIdInput)
  .handler(async ({ data, context }) => {
    const revoked = await revokeApiKey(context.organization.id, data.id, {
      userId: context.user.id,
      ip: clientIp(),
    });
    if (!revoked) throw new AppError('NOT_FOUND');
  });

// The manager area: any organization's keys, for the platform's admins.

/** An organization's keys; NOT_FOUND when the id matches no organization. */
export const $listPlatformApiKeys = createServerFn({ method: 'GET' })
  .middleware([requirePermission({ apps: ['manager'], apiKey: ['list'] })])
  .validator(zOrganizationApiKeysInput)
  .handler(async ({ data }) => {
    if (!(await organizationExists(data.organizationId))) throw new AppError('NOT_FOUND');
    return listApiKeys(data.organizationId);
  });

/** Revokes one of an organization's keys, audited as the admin's; NOT_FOUND unless that organization holds it. */
export const $revokePlatformApiKey = createServerFn({ method: 'POST' })
  .middleware([requirePermission({ apps: ['manager'], apiKey: ['revoke'] })])
  .validator(zPlatformApiKeyIdInput)
  .handler(async ({ data, context }) => {
    const revoked = await revokeApiKey(data.organizationId, data.id, {
      userId: context.user.id,
      ip: clientIp(),
    });
    if (!revoked) throw new AppError('NOT_FOUND');
  });
