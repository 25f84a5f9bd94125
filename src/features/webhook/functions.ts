import { createServerFn } from '@tanstack/react-start';
import { getRequestHeaders } from '@tanstack/react-start/server';
import { requireOrganization } from '@/features/organization/middleware';
import { AppError } from '@/lib/errors';
import { clientIp } from '@/server/client-ip';
import { serverEnv } from '@/server/env';
import { languageOfRequest } from '@/server/i18n/request-language';
import { findEndpoint, listDeliveries, listEndpoints } from './data.server';
import {
  createEndpoint,
  deleteEndpoint,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  type WebhookActor,
  type WebhookSettings,
} from './mutations.server';
import {
  zWebhookDeliveryIdInput,
  zWebhookEndpointForm,
  zWebhookEndpointIdInput,
  zWebhookEndpointUpdateInput,
} from './schema';

// The active organization's webhooks, for its owners and admins (the organization statement `webhook`);
// members neither see nor change them. An id from another organization is not found.

function settings(): WebhookSettings {
  const env = serverEnv();
  // With private addresses allowed, a receiver on this network may be named by http://localhost too.
  return {
    secretKey: env.BETTER_AUTH_SECRET,
    production: env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_PRIVATE !== 'true',
  };
}

function actor(userId: string): WebhookActor {
  return { userId, ip: clientIp(), language: languageOfRequest(new Headers(getRequestHeaders())) };
}

export const $listWebhookEndpoints = createServerFn({ method: 'GET' })
  .middleware([requireOrganization({ webhook: ['read'] })])
  .handler(({ context }) => listEndpoints(context.organization.id));

/** A new endpoint; the answer holds its signing secret, shown once. */
export const $createWebhookEndpoint = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['create'] })])
  .validator(zWebhookEndpointForm)
  .handler(({ data, context }) =>
    createEndpoint(context.organization.id, data, actor(context.user.id), settings()),
  );

/** Its address, events, or on/off. */
export const $updateWebhookEndpoint = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['update'] })])
  .validator(zWebhookEndpointUpdateInput)
  .handler(({ data, context }) =>
    updateEndpoint(context.organization.id, data.id, data.values, actor(context.user.id), settings()),
  );

/** A new signing secret, shown once. */
export const $rotateWebhookSecret = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['update'] })])
  .validator(zWebhookEndpointIdInput)
  .handler(({ data, context }) =>
    rotateSecret(context.organization.id, data.id, actor(context.user.id), settings()),
  );

export const $deleteWebhookEndpoint = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['delete'] })])
  .validator(zWebhookEndpointIdInput)
  .handler(async ({ data, context }) => {
    if (!(await deleteEndpoint(context.organization.id, data.id, actor(context.user.id)))) {
      throw new AppError('NOT_FOUND');
    }
  });

/** An endpoint's latest deliveries, newest first. */
export const $listWebhookDeliveries = createServerFn({ method: 'GET' })
  .middleware([requireOrganization({ webhook: ['read'] })])
  .validator(zWebhookEndpointIdInput)
  .handler(async ({ data, context }) => {
    const endpoint = await findEndpoint(context.organization.id, data.id);
    if (!endpoint) throw new AppError('NOT_FOUND');
    return listDeliveries(endpoint.id);
  });

/** "Send test event". */
export const $sendWebhookTest = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['update'] })])
  .validator(zWebhookEndpointIdInput)
  .handler(({ data, context }) => sendTestEvent(context.organization.id, data.id));

/** "Redeliver": one delivery of the log sent again, with the same id. */
export const $redeliverWebhook = createServerFn({ method: 'POST' })
  .middleware([requireOrganization({ webhook: ['update'] })])
  .validator(zWebhookDeliveryIdInput)
  .handler(({ data, context }) => redeliver(context.organization.id, data.endpointId, data.id));
