// Signs a browser context in without the login screens, for journeys that start inside the app. The
// sign-in screens themselves are covered by sign-in.spec.ts.
import { randomInt } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { appConfig } from '../../app.config.ts';
import { waitForCode } from './mail.ts';
import { callServerFn } from './server-fn.ts';
import { en } from './text.ts';

/** A fresh address on each call, so the per-address code limit and earlier runs never interfere. */
export function newEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomInt(1e6)}@e2e.test`;
}

/**
 * Signs `page`'s browser context in as `email` through the real auth endpoints (code from the SMTP
 * catcher), then, for a new account, completes onboarding with `name` through the server functions the
 * onboarding screen and the app area call (`$completeOnboarding`, then `$ensureWorkspace`): the screen
 * itself is sign-in.spec.ts's to check, and a page load here would cost every journey seconds. Each call
 * presents a distinct client address (the e2e servers run with TRUST_PROXY=true, as behind a proxy), so
 * the suite's many sign-ins stay under the per-IP code limit that protects real users.
 */
export async function signIn(
  page: Page,
  email: string,
  options: { name?: string; origin?: string; workspace?: boolean } = {},
): Promise<void> {
  const origin = options.origin ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
  const headers = {
    origin,
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
  const since = Date.now();
  const sent = await page.request.post(`${origin}/api/auth/email-otp/send-verification-otp`, {
    headers,
    data: { email, type: 'sign-in' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email-otp`, {
    headers,
    data: { email, otp: await waitForCode(email, since) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  if (!options.name) return;
  for (const call of [
    { fn: 'src/features/auth/functions.ts#$completeOnboarding', data: { name: options.name } },
    // `workspace: false` leaves it to the first page of the app area, as the onboarding screen's own
    // navigation does.
    ...(options.workspace === false
      ? []
      : [{ fn: 'src/features/organization/functions.ts#$ensureWorkspace', data: undefined }]),
  ]) {
    const { response, errorMessage } = await callServerFn(page.request, origin, {
      ...call,
      method: 'POST',
      headers: { 'x-forwarded-for': headers['x-forwarded-for'] },
    });
    expect([call.fn, response.status(), errorMessage]).toEqual([call.fn, 200, undefined]);
  }
}

/**
 * The seeded admin's session cookie on the e2e server at `origin` (each has a database of its own), signed
 * in once per run (one code) and again once it is nearly too old for an admin's sensitive actions
 * (`auth.recentSignInMinutes`): kept in a file, because Playwright starts a new worker after every failed
 * test and the address may receive only five codes an hour.
 */
const seededAdminCookies = new Map<string, { at: number; cookie: Promise<string> }>();
const SEEDED_ADMIN_FRESH_MS = (appConfig.auth.recentSignInMinutes - 2) * 60_000;

export async function seededAdmin(page: Page, origin: string): Promise<string> {
  const stateFile = process.env.E2E_STATE_DIR
    ? join(process.env.E2E_STATE_DIR, `seeded-admin-cookie-${new URL(origin).port}`)
    : undefined;
  const current = () => {
    const known = seededAdminCookies.get(origin);
    return known && Date.now() - known.at < SEEDED_ADMIN_FRESH_MS ? known.cookie : undefined;
  };
  const readStored = () => {
    if (!stateFile || !existsSync(stateFile)) return;
    const stored = JSON.parse(readFileSync(stateFile, 'utf8')) as { at: number; cookie: string };
    const known = seededAdminCookies.get(origin);
    if (!known || stored.at > known.at) {
      seededAdminCookies.set(origin, { at: stored.at, cookie: Promise.resolve(stored.cookie) });
    }
  };
  readStored();
  const ready = current();
  if (ready) return ready;
  if (!stateFile) return signInSeededAdmin(origin);
  // Another worker on the same server (a direct run with more workers than servers) may be signing the same
  // address in: a second code would replace the first one.
  return withFileLock(`${stateFile}.lock`, async () => {
    readStored();
    return current() ?? signInSeededAdmin(origin, stateFile);
  });
}

/** Runs `work` while holding `lockFile` (created exclusively); a lock older than 30 s is a dead worker's. */
async function withFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 30_000) rmSync(lockFile, { force: true });
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

function signInSeededAdmin(origin: string, stateFile?: string): Promise<string> {
  const at = Date.now();
  const cookie = (async () => {
    const email = appConfig.seed.adminEmail;
    const headers = {
      origin,
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    };
    const since = Date.now();
    // Requests of their own (no browser context): the page's cookies stay the page's. The code works
    // only with the browser binding cookie its request was given, so that one goes along.
    const sent = await fetch(`${origin}/api/auth/email-otp/send-verification-otp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ email, type: 'sign-in' }),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const binding = sent.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const signedIn = await fetch(`${origin}/api/auth/sign-in/email-otp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', cookie: binding },
      body: JSON.stringify({ email, otp: await waitForCode(email, since) }),
    });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const value = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    if (stateFile) writeFileSync(stateFile, JSON.stringify({ at, cookie: value }));
    return value;
  })();
  seededAdminCookies.set(origin, { at, cookie });
  return cookie;
}

/**
 * Signs `page` in as a fresh, onboarded admin: a new account (see `signIn`) that the seeded admin
 * promotes through better-auth's admin API. Destructive manager journeys get an admin of their own
 * without spending the seeded admin's per-address code allowance.
 */
export async function signInAdmin(
  page: Page,
  options: { name?: string; email?: string } = {},
): Promise<string> {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
  const email = options.email ?? newEmail('admin');
  await signIn(page, email, { name: options.name ?? 'Ada Admin' });
  const session = await page.request.get(`${origin}/api/auth/get-session`);
  const { user } = (await session.json()) as { user: { id: string } };
  const promoted = await fetch(`${origin}/api/auth/admin/set-role`, {
    method: 'POST',
    headers: { origin, cookie: await seededAdmin(page, origin), 'content-type': 'application/json' },
    body: JSON.stringify({ userId: user.id, role: 'admin' }),
  });
  expect(promoted.status, await promoted.clone().text()).toBe(200);
  return email;
}

/** Opens the user page's "More actions" menu (set role, ban, sign in as, delete), if it is not open. */
export async function openUserActions(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: en('user:detail.moreActions') });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
}

/**
 * Makes the user signed in on `page` a member of the seeded Acme (`role`), through the real invitation
 * routes: the seeded admin, Acme's owner, invites their address and they accept, which makes Acme their
 * active organization. Returns what removes them again, so files that count Acme's members stay right.
 */
export async function joinAcme(
  page: Page,
  role: 'member' | 'admin' = 'member',
): Promise<() => Promise<void>> {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
  const session = await page.request.get(`${origin}/api/auth/get-session`);
  const { user } = (await session.json()) as { user: { email: string } };
  const asOwner = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${origin}/api/auth/organization/${path}`, {
      method: 'POST',
      headers: { origin, cookie: await seededAdmin(page, origin), 'content-type': 'application/json' },
      body: JSON.stringify({ organizationId: 'acme', ...body }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<{ id: string }>;
  };
  const invitation = await asOwner('invite-member', { email: user.email, role });
  const accepted = await page.request.post(`${origin}/api/auth/organization/accept-invitation`, {
    headers: { origin },
    data: { invitationId: invitation.id },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return async () => {
    await asOwner('remove-member', { memberIdOrEmail: user.email });
  };
}
