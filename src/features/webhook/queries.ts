import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  $createWebhookEndpoint,
  $deleteWebhookEndpoint,
  $listWebhookDeliveries,
  $listWebhookEndpoints,
  $redeliverWebhook,
  $rotateWebhookSecret,
  $sendWebhookTest,
  $updateWebhookEndpoint,
} from './functions';
import type { WebhookEndpointValues } from './schema';

const webhookKeys = {
  /** Under the organization's id: switching organization never shows the previous one's endpoints. */
  endpoints: (organizationId: string) => ['webhook', organizationId, 'endpoints'] as const,
  deliveries: (organizationId: string, endpointId: string) =>
    ['webhook', organizationId, 'deliveries', endpointId] as const,
};

export const webhookQueries = {
  endpoints: (organizationId: string) =>
    queryOptions({
      queryKey: webhookKeys.endpoints(organizationId),
      queryFn: () => $listWebhookEndpoints(),
      staleTime: 10_000,
    }),
  /** An endpoint's delivery log, read again every few seconds while open (deliveries happen on the queue). */
  deliveries: (organizationId: string, endpointId: string) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(organizationId, endpointId),
      queryFn: () => $listWebhookDeliveries({ data: { id: endpointId } }),
      refetchInterval: 3_000,
    }),
};

export function webhookMutations(queryClient: QueryClient, organizationId: string) {
  const endpoints = () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(organizationId) });
  const deliveries = (endpointId: string) =>
    queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(organizationId, endpointId) });
  return {
    create: () =>
      mutationOptions({
        mutationFn: (values: WebhookEndpointValues) => $createWebhookEndpoint({ data: values }),
        onSuccess: endpoints,
      }),
    setEnabled: () =>
      mutationOptions({
        mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
          $updateWebhookEndpoint({ data: { id, values: { enabled } } }),
        onSuccess: endpoints,
      }),
    rotate: () => mutationOptions({ mutationFn: (id: string) => $rotateWebhookSecret({ data: { id } }) }),
    remove: () =>
      mutationOptions({
        mutationFn: (id: string) => $deleteWebhookEndpoint({ data: { id } }),
        onSuccess: endpoints,
      }),
    test: () =>
      mutationOptions({
        mutationFn: (id: string) => $sendWebhookTest({ data: { id } }),
        onSuccess: (_result, id) => deliveries(id),
      }),
    redeliver: () =>
      mutationOptions({
        mutationFn: (input: { endpointId: string; id: string }) => $redeliverWebhook({ data: input }),
        onSuccess: (_result, input) => deliveries(input.endpointId),
      }),
  };
}
