// The read-only demo server (third server of scripts/e2e.ts, same build, VITE_IS_DEMO=true at run time).
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { appConfig } from '../../app.config.ts';

export function demoOrigin(): string {
  const port = process.env.E2E_DEMO_PORT;
  expect(port, 'the demo server is started by scripts/e2e.ts (pnpm test:e2e)').toBeTruthy();
  return `http://127.0.0.1:${port}`;
}

/** Headers of a same-origin call to the demo server, from a client address of its own (per-IP limits). */
export function demoHeaders(): Record<string, string> {
  return {
    origin: demoOrigin(),
    'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  };
}

/**
 * Signs `page`'s browser context in to the demo server as `email` through the real auth endpoints: a
 * demo mails no code, every code is the fixed demo code.
 */
export async function signInDemo(page: Page, email: string): Promise<void> {
  const headers = demoHeaders();
  const sent = await page.request.post(`${demoOrigin()}/api/auth/email-otp/send-verification-otp`, {
    headers,
    data: { email, type: 'sign-in' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const signedIn = await page.request.post(`${demoOrigin()}/api/auth/sign-in/email-otp`, {
    headers,
    data: { email, otp: appConfig.auth.demoCode },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

/** The signed-in user as the demo server reports it (read back after a refused change). */
export async function demoSessionUser(page: Page): Promise<{ name: string; email: string } | null> {
  const response = await page.request.get(`${demoOrigin()}/api/auth/get-session`, { headers: demoHeaders() });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { user?: { name: string; email: string } } | null;
  return body?.user ?? null;
}
