import '@tanstack/react-start/server-only';
import type { Queue } from 'pg-boss';
import type { QueuedMail } from '@/server/email/mailer';

/**
 * Every queue of the product, in one list: its pg-boss options and, for the scheduled work, its
 * schedule (cron, UTC). What each job does is in ./handlers.ts; the manager's jobs page lists them in
 * this order.
 */
export const QUEUES = {
  /**
   * E-mail nobody waits for (invitations, new sign-in alerts, address-change notices): through an SMTP
   * outage it is retried with backoff (30 s doubling to at most an hour between tries, 30 tries: a day
   * and more), then kept as failed for the manager to retry.
   */
  mail: {
    options: {
      retryLimit: 30,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      // A send that hangs is given up and tried again: nodemailer's own timeouts end it within 20 s.
      expireInSeconds: 120,
      // Woken by NOTIFY when a mail is enqueued (at commit), instead of waiting for the next poll.
      notify: true,
    },
  },
  /**
   * One outgoing webhook delivery (src/features/webhook): a failed try is retried with backoff like the mail
   * (30 s doubling to an hour, 30 tries: a day and more); each try ends within `webhooks.timeoutSeconds`.
   */
  webhook: {
    options: {
      retryLimit: 30,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 60,
      notify: true,
    },
  },
  /**
   * A per-seat subscription's quantity brought to the organization's member count after a member joined or
   * left (src/features/billing): through a Stripe outage, retried every minute or so for an hour and more.
   */
  'billing-seats': {
    options: { retryLimit: 20, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /** The audit log's retention (`AUDIT_RETENTION_DAYS`): entries older than that, deleted. */
  'audit-retention': {
    options: { retryLimit: 3, retryDelay: 600, expireInSeconds: 3600 },
    schedule: '17 3 * * *',
  },
  /**
   * Rate-limit windows that have ended, when they are counted in Postgres (Redis expires its own): every
   * minute, so the table holds about the windows still running.
   */
  'rate-limit-pruning': {
    options: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 },
    schedule: '* * * * *',
  },
  /**
   * Rows nothing else deletes: sign-in codes and passkey challenges nobody came back for, sessions past
   * their expiry, and invitations expired for a month (until then the organization screen offers Resend).
   */
  'expired-rows': {
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 600, deleteAfterSeconds: 86_400 },
    schedule: '*/10 * * * *',
  },
} satisfies Record<string, { options: Omit<Queue, 'name'>; schedule?: string }>;

export type QueueName = keyof typeof QUEUES;

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

/** What a job of each queue carries. */
export type JobData = {
  mail: QueuedMail;
  webhook: { deliveryId: string };
  'billing-seats': { organizationId: string };
  'audit-retention': null;
  'rate-limit-pruning': null;
  'expired-rows': null;
};

/** The schedules, as `QUEUES` declares them. */
export function schedules(): { queue: QueueName; cron: string }[] {
  return QUEUE_NAMES.flatMap((queue) => {
    const definition = QUEUES[queue];
    return 'schedule' in definition ? [{ queue, cron: definition.schedule }] : [];
  });
}
