// Reads e-mails caught by the real SMTP catcher that scripts/e2e.ts runs (over its small HTTP API).
import type { CaughtMail } from '../../src/test/smtp-catcher.ts';
import { appConfig } from '../../app.config.ts';
import { codeFromMail, mimePart, subjectOf } from '../../src/test/smtp-catcher.ts';
import { text } from './text.ts';

function mailApi(): string {
  const url = process.env.E2E_MAIL_API;
  if (!url) throw new Error('E2E_MAIL_API is not set: run the suite with `pnpm test:e2e`');
  return url;
}

/**
 * Whether another worker's main server sent `mail` (playwright.config.ts gives each its own sender): every
 * worker's database holds the seeded addresses, and all servers mail the one catcher.
 */
function fromAnotherWorker(mail: CaughtMail): boolean {
  const others = (process.env.E2E_PORTS ?? '')
    .split(',')
    .filter((port) => port && port !== process.env.E2E_PORT);
  return others.some((port) => mail.from.includes(`no-reply-${port}@`));
}

/** The e-mails to `to` received at or after `since` (ms epoch), oldest first. */
export async function mailsSince(to: string, since: number): Promise<CaughtMail[]> {
  const response = await fetch(`${mailApi()}/messages?to=${encodeURIComponent(to)}&since=${since}`);
  return ((await response.json()) as CaughtMail[]).filter((mail) => !fromAnotherWorker(mail));
}

/**
 * The newest e-mail to `to` received at or after `since` (ms epoch) that `accept` takes (any by
 * default), waiting up to `timeoutMs`.
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 10_000,
  accept: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = (await mailsSince(to, since)).filter(accept).at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
}

const NOTICE_SUBJECTS = new Set(
  appConfig.languages.map((lng) => text(lng, 'email:newSignIn.subject', { product: appConfig.name })),
);

/**
 * Whether `mail` is the notice of a sign-in from a new browser: any test that signs a seeded account in
 * from a fresh browser context sends one, so a test that expects no mail to such an address skips them.
 */
export function isSignInNotice(mail: CaughtMail): boolean {
  return NOTICE_SUBJECTS.has(subjectOf(mail));
}

/** Whether `mail` holds a sign-in code (and is not, say, the notice of a new sign-in sent meanwhile). */
export function holdsCode(mail: CaughtMail): boolean {
  try {
    codeFromMail(mail);
    return true;
  } catch {
    return false;
  }
}

/** The sign-in code mailed to `to` at or after `since`. */
export async function waitForCode(to: string, since: number): Promise<string> {
  return codeFromMail(await waitForMail(to, since, 10_000, holdsCode));
}

export { mimePart, subjectOf };
