// Production hardening seen from outside: security headers on every answer, a CSP the app itself
// satisfies, cross-site and oversized requests refused, and every list input bounded on the server.
// The main e2e server runs with the operator's SERVER_TIMING_DETAIL=true (playwright.config.ts): the
// page cache's hits and the database's queries counted below are in its Server-Timing.
import { expect, type Page, test } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { callServerFn, serverFnUrl } from './support/server-fn';
import { newEmail, signIn } from './support/session';

const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
const LIST_REPOSITORIES = 'src/features/repository/functions.ts#$listRepositories';
const CREATE_REPOSITORY = 'src/features/repository/functions.ts#$createRepository';
const SEND_CODE = `${origin}/api/auth/email-otp/send-verification-otp`;

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'(;|$)/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toContain('unsafe-eval');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
  expect(headers['x-request-id'], what).toBeTruthy();
  expect(headers['server-timing'], what).toMatch(/total;dur=[\d.]+/);
}

/** Collects every CSP violation the page reports (console and `securitypolicyviolation` events). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

test('pages, auth routes, server functions and health checks all carry the security headers', async ({
  request,
}) => {
  const page = await request.get(`${origin}/login`);
  expectSecurityHeaders(page.headers(), '/login');
  const html = await page.text();
  const nonce = /'nonce-([^']+)'/.exec(page.headers()['content-security-policy'] ?? '')?.[1];
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, 'every script carries the nonce').toContain(`nonce="${nonce}"`);

  const again = await request.get(`${origin}/login`);
  expect(again.headers()['content-security-policy'], 'a fresh nonce per answer').not.toBe(
    page.headers()['content-security-policy'],
  );

  for (const path of ['/api/health', '/api/ready', '/api/auth/get-session']) {
    expectSecurityHeaders((await request.get(`${origin}${path}`)).headers(), path);
  }
  const { response } = await callServerFn(request, origin, { fn: LIST_REPOSITORIES, method: 'GET' });
  expectSecurityHeaders(response.headers(), 'server function');
});

test('sign-in pages for visitors without a session come from the page cache, with a fresh nonce', async ({
  request,
}) => {
  // A language of its own keeps this visit apart from every other test's.
  const headers = { 'accept-language': `sw, x-${Date.now()}` };
  const first = await request.get(`${origin}/login?redirect=%2Fapp`, { headers });
  const second = await request.get(`${origin}/login?redirect=%2Fapp`, { headers });
  expect(first.headers()['server-timing']).toContain('page-cache;desc="miss"');
  expect(second.headers()['server-timing']).toContain('page-cache;desc="hit"');
  expectSecurityHeaders(second.headers(), 'cached /login');

  const nonceOf = (response: typeof first) =>
    /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
  expect(secondNonce).not.toBe(firstNonce);
  const html = await second.text();
  expect(html).toContain('lang="sw"');
  expect(html).not.toContain(firstNonce);
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${secondNonce}"`);
  expect(html.replaceAll(secondNonce, '')).toBe((await first.text()).replaceAll(firstNonce, ''));

  // Anything carrying a session cookie renders for itself, valid or not.
  const withSession = await request.get(`${origin}/login?redirect=%2Fapp`, {
    headers: { ...headers, cookie: 'better-auth.session_token=not-a-session' },
  });
  expect(withSession.headers()['server-timing']).not.toContain('page-cache');
  const other = await request.get(`${origin}/login?utm_source=mail`, { headers });
  expect(other.headers()['server-timing']).not.toContain('page-cache');
});

test('the app runs under its own policy: no violation while signing in and using the app', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await signIn(page, newEmail('csp'), { name: 'Cora Policy' });
  await page.goto('/app/repositories');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/app/account');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  expect(violations).toEqual([]);
});

test('cross-site calls to server functions and auth routes are refused with 403', async ({ request }) => {
  const attempts: { name: string; headers: Record<string, string> }[] = [
    { name: 'foreign Origin', headers: { origin: 'https://evil.example' } },
    { name: 'Sec-Fetch-Site: cross-site', headers: { origin, 'sec-fetch-site': 'cross-site' } },
  ];
  for (const attempt of attempts) {
    const fnCall = await request.get(serverFnUrl(origin, LIST_REPOSITORIES), {
      headers: { 'x-tsr-serverFn': 'true', ...attempt.headers },
    });
    expect(fnCall.status(), `server function, ${attempt.name}`).toBe(403);
    const authCall = await request.post(SEND_CODE, {
      headers: attempt.headers,
      data: { email: newEmail('csrf'), type: 'sign-in' },
    });
    expect(authCall.status(), `auth route, ${attempt.name}`).toBe(403);
    expect(await authCall.json()).toMatchObject({ code: 'FORBIDDEN' });
  }
  // A provider's redirect back to the app is a cross-site GET: reads of the auth API stay open.
  const read = await request.get(`${origin}/api/auth/get-session`, {
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  expect(read.status()).toBe(200);
});

test('bodies over 64 KB are refused with 413 before anything reads them', async ({ request }) => {
  const big = JSON.stringify({ email: `${'a'.repeat(70 * 1024)}@example.com`, type: 'sign-in' });
  const auth = await request.post(SEND_CODE, {
    headers: { origin, 'content-type': 'application/json' },
    data: big,
  });
  expect(auth.status()).toBe(413);
  const fn = await request.post(serverFnUrl(origin, CREATE_REPOSITORY), {
    headers: { origin, 'x-tsr-serverFn': 'true', 'content-type': 'application/json' },
    data: big,
  });
  expect(fn.status()).toBe(413);
});

test('list inputs are bounded on the server: tampered cursor, long search, huge page', async ({ page }) => {
  await signIn(page, newEmail('limits'), { name: 'Lina Limits' });
  const request = page.request;
  const list = (data: unknown) =>
    callServerFn(request, origin, { fn: LIST_REPOSITORIES, method: 'GET', data });

  const ok = await list({ searchTerm: '', limit: 5 });
  expect(ok.response.status()).toBe(200);
  expect(ok.response.headers()['server-timing']).toMatch(/db;dur=(?!0\.0;)[\d.]+;desc="[1-9]\d* queries"/);

  const tampered = await list({ cursor: Buffer.from('["not a time","x"]').toString('base64url') });
  expect(tampered.response.status()).toBe(400);
  expect(tampered.errorMessage).toBe('BAD_REQUEST:cursor');

  const garbage = await list({ cursor: '%%%not-base64%%%' });
  expect(garbage.response.status()).toBe(400);

  const longSearch = await list({ searchTerm: 'x'.repeat(appConfig.limits.searchTermMax + 1) });
  expect(longSearch.response.status()).toBe(400);
  expect(longSearch.errorMessage).toBe('VALIDATION_ERROR');

  const hugePage = await list({ limit: appConfig.pagination.maxPageSize + 1 });
  expect(hugePage.response.status()).toBe(400);
  expect(hugePage.errorMessage).toBe('VALIDATION_ERROR');
});

test('a signed-in page reads the session once, however many server functions its render calls', async ({
  page,
}) => {
  await signIn(page, newEmail('one-session'), { name: 'Oni Once' });
  // The render asks for the session in the area's guard and in the list's server function; the guard
  // reads the user's organizations, the list checks the membership of the active one and adds its page
  // and its capped count: five statements in all.
  const rendered = await page.request.get(`${origin}/app/repositories`);
  expect(rendered.status()).toBe(200);
  expect(rendered.headers()['server-timing']).toContain('desc="5 queries"');
  // A direct call reads the session for itself (the once-per-request lookup never outlives its request),
  // then the membership, the page and the count.
  const list = () =>
    callServerFn(page.request, origin, { fn: LIST_REPOSITORIES, method: 'GET', data: { searchTerm: '' } });
  const { response } = await list();
  expect(response.status()).toBe(200);
  expect(response.headers()['server-timing']).toContain('desc="4 queries"');
  await page.context().clearCookies();
  expect((await list()).response.status()).toBe(401);
});
