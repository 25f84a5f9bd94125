import '@tanstack/react-start/server-only';
import { and, eq, lt } from 'drizzle-orm';
import { syncSeats } from '@/features/billing/seats.server';
import { purgeExpiredAuditEntries } from '@/features/audit/retention.server';
import { deliverQueuedWebhook, type WebhookDeliveryContext } from '@/features/webhook/delivery.server';
import { pruneExpiredVerifications } from '@/server/auth/verification-pruning';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { billingEvent, invitation, session } from '@/server/db/schema/index';
import type { Mailer } from '@/server/email/mailer';
import { type JobData, QUEUES, type QueueName } from './queues';

/** What the jobs work with: the app's database and mailer, and the settings they read. */
export type JobContext = {
  handle: DatabaseHandle;
  mailer: Mailer;
  /** Deletes the rate-limit windows that have ended and answers how many (0 with the counters in Redis). */
  pruneRateLimits: () => Promise<number>;
  auditRetentionDays: number;
  /** What a webhook delivery needs beyond the database and the queue. */
  webhooks: Omit<WebhookDeliveryContext, 'db' | 'queueMail'>;
  /** Adds a job through `executor` (the runner's own `enqueue`). */
  enqueue: <Name extends QueueName>(
    executor: Pick<Database, 'execute'>,
    name: Name,
    data: JobData[Name],
  ) => Promise<unknown>;
};

/** The try a job is on: pg-boss counts the retries done before it. */
type Attempt = { retryCount: number };

/** What a job answers is kept with it (pg-boss's `output`), shown on the manager's jobs page. */
type Handler<Name extends QueueName> = (
  data: JobData[Name],
  context: JobContext,
  attempt: Attempt,
) => Promise<object | void>;

const DAY_MS = 24 * 3600 * 1000;
/** A pending invitation past its expiry stays listed (with Resend) for this long, then is deleted. */
const EXPIRED_INVITATION_KEPT_DAYS = 30;
const BILLING_EVENTS_KEPT_DAYS = 30;

export const HANDLERS: { [Name in QueueName]: Handler<Name> } = {
  mail: async ({ kind: _kind, ...mail }, { mailer }) => {
    // A failure throws: pg-boss records the error and tries again later.
    await mailer.send(mail);
  },
  webhook: ({ deliveryId }, { handle, webhooks, enqueue }, { retryCount }) =>
    deliverQueuedWebhook(
      deliveryId,
      { ...webhooks, db: handle.db, queueMail: (executor, mail) => enqueue(executor, 'mail', mail) },
      retryCount >= QUEUES.webhook.options.retryLimit,
    ),
  'billing-seats': ({ organizationId }, { handle }) => syncSeats(organizationId, handle.db),
  'audit-retention': (_data, { handle, auditRetentionDays }) =>
    purgeExpiredAuditEntries(handle, { retentionDays: auditRetentionDays }),
  'rate-limit-pruning': async (_data, { pruneRateLimits }) => ({ deleted: await pruneRateLimits() }),
  'expired-rows': async (_data, { handle }) => {
    const now = new Date();
    const verifications = await pruneExpiredVerifications(handle.db, now);
    const sessions = await handle.db
      .delete(session)
      .where(lt(session.expiresAt, now))
      .returning({ id: session.id });
    const invitations = await handle.db
      .delete(invitation)
      .where(
        and(
          eq(invitation.status, 'pending'),
          lt(invitation.expiresAt, new Date(now.getTime() - EXPIRED_INVITATION_KEPT_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: invitation.id });
    // Stripe redelivers an event for three days at most: a month of ids is plenty to recognise one.
    const billingEvents = await handle.db
      .delete(billingEvent)
      .where(lt(billingEvent.receivedAt, new Date(now.getTime() - BILLING_EVENTS_KEPT_DAYS * DAY_MS)))
      .returning({ id: billingEvent.id });
    return {
      verifications,
      sessions: sessions.length,
      invitations: invitations.length,
      billingEvents: billingEvents.length,
    };
  },
};
