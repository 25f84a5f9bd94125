// Server functions are limited per user and per client address (src/server/http/server-fn-limit.ts). A
// production instance of its own with small limits, so a burst is quick and the suite's servers keep
// theirs: a user who bursts gets 429 TOO_MANY_REQUESTS with the seconds to wait, over HTTP and as a
// translated page, while another user, and another address, go on as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { clientAddress, type Instance, startInstance, stopAll, waitForReady } from './support/instances.ts';
import { callServerFn } from './support/server-fn.ts';
import { newEmail, signIn } from './support/session.ts';
import { en, text } from './support/text.ts';

const PER_USER = 20;
const PER_ADDRESS = 60;
const LIST_REPOSITORIES = 'src/features/repository/functions.ts#$listRepositories';
const AUTH_CONFIG = 'src/features/auth/functions.ts#$getAuthConfig';

test.describe('server-function rate limits', () => {
  test.describe.configure({ timeout: 120_000 });

  let instance: Instance | undefined;
  let dataDir = '';

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'starter-rate-limit-'));
    instance = await startInstance({
      PGLITE_DIR: join(dataDir, 'pglite'),
      EMAIL_SERVER: process.env.EMAIL_SERVER ?? '',
      SERVER_FN_LIMIT_PER_USER: String(PER_USER),
      SERVER_FN_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    });
    await waitForReady(instance);
  });

  test.afterAll(async () => {
    await stopAll([instance]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A signed-in, onboarded browser page whose every request comes from a client address of its own. */
  async function userPage(browser: Browser, name: string): Promise<{ page: Page; address: string }> {
    const address = clientAddress();
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
    const page = await context.newPage();
    await signIn(page, newEmail('burst'), { name, origin: instance?.origin ?? '' });
    return { page, address };
  }

  const listAs = (page: Page, address: string) =>
    callServerFn(page.request, instance?.origin ?? '', {
      fn: LIST_REPOSITORIES,
      method: 'GET',
      data: {},
      headers: { 'x-forwarded-for': address },
    });

  test('a burst from one user is refused with 429 and a translated message; another user goes on', async ({
    browser,
  }) => {
    const origin = instance?.origin ?? '';
    const alice = await userPage(browser, 'Alice Burst');
    const bob = await userPage(browser, 'Bob Calm');

    // Alice's calls come from many addresses: only her own count stops her.
    let allowed = 0;
    let refused: Awaited<ReturnType<typeof listAs>> | undefined;
    for (let i = 0; i < 2 * PER_USER && !refused; i++) {
      const call = await listAs(alice.page, clientAddress());
      if (call.response.status() === 200) allowed++;
      else refused = call;
    }
    // The sign-in's own calls (onboarding, the session, the workspace, the home page's passkey offer,
    // some of them still arriving during the burst) count too: less than all, more than a third is left.
    expect(allowed, 'onboarding and the first page load counted too').toBeLessThan(PER_USER);
    expect(allowed).toBeGreaterThan(PER_USER / 3);
    expect(refused?.response.status()).toBe(429);
    const [code, seconds] = (refused?.errorMessage ?? '').split(':');
    expect(code).toBe('TOO_MANY_REQUESTS');
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    expect(refused?.response.headers()['retry-after']).toBe(seconds);

    // Bob, on his own address, is not affected, over HTTP nor in the browser.
    expect((await listAs(bob.page, bob.address)).response.status()).toBe(200);
    await bob.page.goto(`${origin}/app/repositories`);
    await expect(
      bob.page.getByRole('heading', { level: 1, name: en('repository:pages.list') }),
    ).toBeVisible();

    // Alice's next page says why, in her language.
    await alice.page.goto(`${origin}/app/repositories`);
    await expect(alice.page.getByText(en('errorCodes.TOO_MANY_REQUESTS'))).toBeVisible();
    await alice.page.goto(`${origin}/app/repositories?lng=fr`);
    await expect(alice.page.getByText(text('fr', 'errorCodes.TOO_MANY_REQUESTS'))).toBeVisible();
    await Promise.all([alice.page.context().close(), bob.page.context().close()]);
  });

  test('calls from one client address are counted together, signed in or not; other addresses go on', async ({
    request,
  }) => {
    const origin = instance?.origin ?? '';
    const address = clientAddress();
    const anonymous = (from: string) =>
      callServerFn(request, origin, { fn: AUTH_CONFIG, method: 'GET', headers: { 'x-forwarded-for': from } });
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) statuses.push((await anonymous(address)).response.status());
    expect(statuses).toEqual(statuses.map(() => 200));
    const last = await anonymous(address);
    expect(last.response.status()).toBe(429);
    expect(last.errorMessage).toMatch(/^TOO_MANY_REQUESTS:\d+$/);
    expect((await anonymous(clientAddress())).response.status()).toBe(200);
  });
});
