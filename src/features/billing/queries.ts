import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  $getBilling,
  $getPlatformOrganizationBilling,
  $openBillingPortal,
  $startCheckout,
} from './functions';
import type { CheckoutInput } from './schema';

const billingKeys = {
  /** Under the organization's id: switching organization never shows the previous one's plan. */
  overview: (organizationId: string) => ['billing', organizationId] as const,
  platform: (organizationId: string) => ['billing', 'platform', organizationId] as const,
};

export const billingQueries = {
  overview: (organizationId: string) =>
    queryOptions({
      queryKey: billingKeys.overview(organizationId),
      queryFn: () => $getBilling(),
      staleTime: 30_000,
    }),
  platform: (organizationId: string) =>
    queryOptions({
      queryKey: billingKeys.platform(organizationId),
      queryFn: () => $getPlatformOrganizationBilling({ data: { id: organizationId } }),
      staleTime: 30_000,
    }),
};

export function billingMutations(queryClient: QueryClient, organizationId: string) {
  return {
    checkout: () =>
      mutationOptions({
        mutationFn: (input: CheckoutInput) => $startCheckout({ data: input }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.overview(organizationId) }),
      }),
    portal: () => mutationOptions({ mutationFn: () => $openBillingPortal() }),
  };
}
