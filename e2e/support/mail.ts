// Reads e-mails caught by the real SMTP catcher that scripts/e2e.ts runs (over its small HTTP API).
import type { CaughtMail } from '../../src/test/smtp-catcher.ts';
import { codeFromMail, mimePart, subjectOf } from '../../src/test/smtp-catcher.ts';

function mailApi(): string {
  const url = process.env.E2E_MAIL_API;
  if (!url) throw new Error('E2E_MAIL_API is not set: run the suite with `pnpm test:e2e`');
  return url;
}

/** The newest e-mail to `to` received at or after `since` (ms epoch), waiting up to `timeoutMs`. */
export async function waitForMail(to: string, since: number, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${mailApi()}/messages?to=${encodeURIComponent(to)}&since=${since}`);
    const messages = (await response.json()) as CaughtMail[];
    const newest = messages.at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
}

/** The sign-in code mailed to `to` at or after `since`. */
export async function waitForCode(to: string, since: number): Promise<string> {
  return codeFromMail(await waitForMail(to, since));
}

export { mimePart, subjectOf };
