import '@tanstack/react-start/server-only';
import { isIP } from 'node:net';
import { createTransport } from 'nodemailer';
import { serverEnv } from '../env.ts';
import { recordEmail } from '../metrics.ts';

export type Mail = { to: string; subject: string; html: string; text: string };

/** What a mail sent later is, for the logs and the manager's jobs page. */
type MailKind = 'invitation' | 'new-sign-in' | 'email-changed' | 'webhook-disabled';
export type QueuedMail = Mail & { kind: MailKind };

/**
 * Mail nobody waits for, sent later from the job queue (src/server/jobs), retried through an SMTP outage;
 * `send` answers once it is queued. The codes a person waits for go through `Mailer` at once instead.
 */
export type Outbox = { send: (mail: QueuedMail) => Promise<void> };
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Whether the SMTP server answers (connects and greets), without sending anything. */
  reachable: () => Promise<boolean>;
};

/** Raised when the SMTP server cannot take a message; the caller turns it into a translated error. */
class MailNotSentError extends Error {
  constructor(cause: unknown) {
    super('The e-mail could not be sent', { cause });
    this.name = 'MailNotSentError';
  }
}

/**
 * Sends over SMTP (`smtp://` or `smtps://` URL); short timeouts so a dead server fails fast, and TLS
 * required to any host other than loopback (`smtpTransportUrl`). `allowUnencrypted` defaults to
 * `EMAIL_ALLOW_UNENCRYPTED=true`.
 */
export function createSmtpMailer(
  url: string | undefined,
  from: string,
  options: { allowUnencrypted?: boolean } = {},
): Mailer {
  const transport = url
    ? createTransport(
        smtpTransportUrl(url, {
          allowUnencrypted: options.allowUnencrypted ?? serverEnv().EMAIL_ALLOW_UNENCRYPTED === 'true',
        }),
      )
    : undefined;
  return {
    send: async (mail) => {
      if (!transport) {
        recordEmail('failed');
        throw new MailNotSentError(new Error('EMAIL_SERVER is not configured'));
      }
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        recordEmail('failed');
        throw new MailNotSentError(error);
      }
      recordEmail('sent');
    },
    reachable: async () => {
      if (!transport) return false;
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
  };
}

/** The local machine by name or address; a name that merely starts like one (`localhost.evil.example`) is not. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * The URL nodemailer gets (it reads its options from the query): short timeouts unless the URL sets its
 * own, and for `smtp://` to any host other than loopback `requireTLS`, whatever the URL's query says, so
 * codes and links never cross a network in the clear and a server (or someone in between) that offers no
 * STARTTLS makes the send fail instead. `smtps://` is TLS from the first byte. `allowUnencrypted` is the
 * operator's explicit opt-out (a relay on a private network without TLS).
 */
export function smtpTransportUrl(url: string, { allowUnencrypted }: { allowUnencrypted: boolean }): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries({
    connectionTimeout: '5000',
    greetingTimeout: '5000',
    socketTimeout: '10000',
  })) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, value);
  }
  if (parsed.protocol === 'smtp:' && !isLoopback(parsed.hostname) && !allowUnencrypted) {
    parsed.searchParams.set('requireTLS', 'true');
    parsed.searchParams.delete('ignoreTLS');
    parsed.searchParams.delete('opportunisticTLS');
  }
  return parsed.toString();
}
