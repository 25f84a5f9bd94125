// The SMTP side of a load run: the real SMTP catcher on a fixed loopback port that can be stopped and
// started again on the same port (the "SMTP down" fault), plus a small HTTP API through which the
// generator process reads sign-in codes. Messages survive a restart of the catcher.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CaughtMail,
  codeFromMail,
  type SmtpCatcher,
  startSmtpCatcher,
} from '../../src/test/smtp-catcher.ts';

export type Mailbox = {
  smtpUrl: string;
  apiUrl: string;
  /** Stops accepting mail (connections are refused) until `start`. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startMailbox(): Promise<Mailbox> {
  let catcher: SmtpCatcher | undefined = await startSmtpCatcher();
  const port = catcher.port;
  const earlier: CaughtMail[] = [];
  // Messages arrive in time order, so the newest match is found scanning back until `since`.
  const newest = (to: string, since: number): CaughtMail | undefined => {
    for (const list of [catcher?.messages ?? [], earlier]) {
      for (let i = list.length - 1; i >= 0; i--) {
        const mail = list[i];
        if (!mail || mail.receivedAt < since) break;
        if (mail.to.includes(to)) return mail;
      }
    }
    return undefined;
  };

  // GET /code?to=<address>&since=<ms>&waitMs=<ms>: 200 {code} for the newest code mailed there since
  // then, waiting up to waitMs for it (one request per sign-in instead of a polling loop), else 404.
  const api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase() ?? '';
    const since = Number(url.searchParams.get('since') ?? 0);
    const deadline = Date.now() + Math.min(Number(url.searchParams.get('waitMs') ?? 0), 30_000);
    const answer = () => {
      const mail = newest(to, since);
      if (!mail && Date.now() < deadline && !res.destroyed) return void setTimeout(answer, 50);
      res.writeHead(mail ? 200 : 404, { 'content-type': 'application/json' });
      res.end(mail ? JSON.stringify({ code: codeFromMail(mail) }) : '{}');
    };
    answer();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));

  const stop = async () => {
    const current = catcher;
    catcher = undefined;
    if (!current) return;
    earlier.push(...current.messages);
    // The catcher waits for open SMTP sessions; a stuck one must not hold the fault schedule.
    await Promise.race([current.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  };

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    stop,
    start: async () => {
      catcher ??= await startSmtpCatcher(port);
    },
    close: async () => {
      await stop();
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
  };
}
