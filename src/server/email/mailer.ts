import '@tanstack/react-start/server-only';
import { createTransport } from 'nodemailer';

export type Mail = { to: string; subject: string; html: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** Raised when the SMTP server cannot take a message; the caller turns it into a translated error. */
export class MailNotSentError extends Error {
  constructor(cause: unknown) {
    super('The e-mail could not be sent', { cause });
    this.name = 'MailNotSentError';
  }
}

/** Sends over SMTP (`smtp://` or `smtps://` URL); short timeouts so a dead server fails fast. */
export function createSmtpMailer(url: string | undefined, from: string): Mailer {
  const transport = url ? createTransport(withTimeouts(url)) : undefined;
  return {
    send: async (mail) => {
      if (!transport) throw new MailNotSentError(new Error('EMAIL_SERVER is not configured'));
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        throw new MailNotSentError(error);
      }
    },
  };
}

/** nodemailer reads its timeouts from the URL's query when it is given a URL. */
function withTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries({
    connectionTimeout: '5000',
    greetingTimeout: '5000',
    socketTimeout: '10000',
  })) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, value);
  }
  return parsed.toString();
}
