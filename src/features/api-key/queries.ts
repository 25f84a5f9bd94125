import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { withStepUp } from '@/features/auth/step-up';
import {
  $createApiKey,
  $listApiKeys,
  $listPlatformApiKeys,
  $revokeApiKey,
  $revokePlatformApiKey,
} from './functions';
import type { ApiKeyValues } from './schema';

const apiKeyKeys = {
  /** Under the organization's id: switching organization never shows the previous one's keys. */
  ofOrganization: (organizationId: string) => ['api-key', 'organization', organizationId] as const,
  platform: (organizationId: string) => ['api-key', 'platform', organizationId] as const,
};

export const apiKeyQueries = {
  /** The active organization's keys (its owners and admins). */
  active: (organizationId: string) =>
    queryOptions({
      queryKey: apiKeyKeys.ofOrganization(organizationId),
      queryFn: () => $listApiKeys(),
      staleTime: 10_000,
    }),
  /** Any organization's keys, for the manager's organization page. */
  platform: (organizationId: string) =>
    queryOptions({
      queryKey: apiKeyKeys.platform(organizationId),
      queryFn: () => $listPlatformApiKeys({ data: { organizationId } }),
      staleTime: 10_000,
    }),
};

export const apiKeyMutations = {
  /** A new key (a recent sign-in first, when the session is older: the step-up dialog). */
  create: (queryClient: QueryClient, organizationId: string) =>
    mutationOptions({
      mutationFn: (values: ApiKeyValues) => withStepUp(() => $createApiKey({ data: values })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.ofOrganization(organizationId) }),
    }),
  revoke: (queryClient: QueryClient, organizationId: string) =>
    mutationOptions({
      mutationFn: (id: string) => $revokeApiKey({ data: { id } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.ofOrganization(organizationId) }),
    }),
  revokePlatform: (queryClient: QueryClient, organizationId: string) =>
    mutationOptions({
      mutationFn: (id: string) => $revokePlatformApiKey({ data: { organizationId, id } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.platform(organizationId) }),
    }),
};
