import { z } from 'zod';
import { cleanLink } from '@/lib/text';
import { appConfig } from '~/app.config';
import { webhookEvents } from './events';

/** An endpoint as the organization screen lists it: never its secret. */
export type WebhookEndpointItem = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  /** Turned off by the server after too many failures in a row (not by a person). */
  disabledForFailures: boolean;
  consecutiveFailures: number;
  createdAt: string;
};

/** One event's delivery to an endpoint, its last try as the log shows it. */
export type WebhookDeliveryItem = {
  id: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
};

/** An endpoint just made, or its secret just rotated: the secret, shown this once. */
export type WebhookSecret = { endpoint: WebhookEndpointItem; secret: string };

// Messages are i18n keys in the `webhook` namespace.

/**
 * The endpoint's address: https, or http to localhost and loopback outside production (a receiver on the
 * developer's machine). Where it may point after DNS is the delivery's check (src/server/webhooks).
 */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'form.url.invalid';
  }
  if (parsed.username || parsed.password) return 'form.url.invalid';
  if (parsed.protocol === 'https:') return null;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'http:' && local && !production) return null;
  return 'form.url.https';
}

const zUrl = z
  .string({ error: 'form.url.required' })
  .overwrite(cleanLink)
  .min(1, { error: 'form.url.required', abort: true })
  .max(appConfig.webhooks.urlMaxLength, { error: 'form.url.max', abort: true });

const zEvents = z
  .array(z.enum(webhookEvents() as [string, ...string[]], { error: 'form.events.required' }))
  .min(1, { error: 'form.events.required' })
  .max(webhookEvents().length)
  .transform((events) => webhookEvents().filter((event) => events.includes(event)));

/** "Add endpoint" and its edit: the address and the events it wants. */
export const zWebhookEndpointForm = z.object({ url: zUrl, events: zEvents });
export type WebhookEndpointFormInput = z.input<typeof zWebhookEndpointForm>;
export type WebhookEndpointValues = z.output<typeof zWebhookEndpointForm>;

// Any string is accepted: an id that is not one of the organization's endpoints is simply not found.
export const zWebhookEndpointIdInput = z.object({ id: z.string().max(64) });
export const zWebhookEndpointUpdateInput = zWebhookEndpointIdInput.extend({
  values: zWebhookEndpointForm.partial().extend({ enabled: z.boolean().optional() }),
});
export const zWebhookDeliveryIdInput = z.object({ endpointId: z.string().max(64), id: z.string().max(64) });
