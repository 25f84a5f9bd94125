import '@tanstack/react-start/server-only';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * A new endpoint's signing secret, shown to its owner once: `whsec_` and 32 random bytes in base64, the
 * form Standard Webhooks libraries (ours and the receiver's) accept as it is.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export type SignedMessage = {
  /** The message's id, the same on every attempt, so a receiver can drop a duplicate. */
  id: string;
  timestamp: Date;
  /** The exact bytes sent: the signature covers this text, so it must not be serialised again. */
  body: string;
};

/** The Standard Webhooks headers for one attempt (`webhook-timestamp` in seconds, as the scheme wants). */
export function signedHeaders(
  secret: string,
  { id, timestamp, body }: SignedMessage,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, timestamp, body),
  };
}
