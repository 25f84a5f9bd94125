import { createFileRoute } from '@tanstack/react-router';
import { billingWebhookAnswer } from '@/features/billing/webhook-route.server';

/** Stripe's events for billing (README, "Billing"): 404 while billing is off. */
export const Route = createFileRoute('/api/billing/webhook')({
  server: {
    handlers: {
      POST: ({ request }) => billingWebhookAnswer(request),
    },
  },
});
