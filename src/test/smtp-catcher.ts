// A real SMTP server on loopback that keeps every message it receives, for tests that read sign-in codes.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string; receivedAt: number };

export type SmtpCatcher = {
  url: string;
  port: number;
  messages: CaughtMail[];
  /** Resolves with the first message to `to` received after `since` (ms epoch), or rejects on timeout. */
  waitFor: (to: string, options?: { since?: number; timeoutMs?: number }) => Promise<CaughtMail>;
  close: () => Promise<void>;
};

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitFor: async (to, options = {}) => {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      const since = options.since ?? 0;
      while (Date.now() < deadline) {
        const found = messages.find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No e-mail to ${to} within ${options.timeoutMs ?? 10_000} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The decoded body of the first MIME part of `type` (e.g. 'text/plain', 'text/html'), handling the
 * base64 and quoted-printable encodings nodemailer chooses (base64 for Arabic, for instance).
 */
export function mimePart(mail: CaughtMail, type: string): string {
  const raw = mail.raw.replace(/\r\n/g, '\n');
  const start = raw.search(new RegExp(`^Content-Type: ${type.replace('/', '\\/')}\\b`, 'im'));
  if (start < 0) throw new Error(`No ${type} part in the e-mail`);
  const headerEnd = raw.indexOf('\n\n', start);
  const headers = raw.slice(start, headerEnd);
  const rest = raw.slice(headerEnd + 2);
  const boundary = rest.search(/^--/m);
  const body = boundary < 0 ? rest : rest.slice(0, boundary);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const unfolded = body.replace(/=\n/g, '');
    return Buffer.from(
      unfolded.replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/**
 * The 6-digit code of a sign-in e-mail, read from its decoded plain-text part only (the raw message has
 * digit runs in its Message-ID and MIME boundaries).
 */
export function codeFromMail(mail: CaughtMail): string {
  const matches = mimePart(mail, 'text/plain').match(/(?<!\d)\d{6}(?!\d)/g) ?? [];
  if (matches.length !== 1 || !matches[0]) {
    throw new Error(`Expected exactly one 6-digit code in the e-mail, found ${matches.length}`);
  }
  return matches[0];
}

/** The decoded Subject header (nodemailer encodes non-ASCII subjects as RFC 2047 words). */
export function subjectOf(mail: CaughtMail): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(mail.raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

/**
 * Serves the caught messages as JSON (`GET /messages?to=<address>&since=<ms>`) so test processes other
 * than the one running the catcher (Playwright workers) can read them.
 */
export async function serveCatcherOverHttp(
  catcher: SmtpCatcher,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    const since = Number(url.searchParams.get('since') ?? 0);
    const found = catcher.messages.filter((m) => m.receivedAt >= since && (!to || m.to.includes(to)));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
