// Passwordless sign-in end to end: e-mail → code from the real SMTP catcher → the area of the role,
// onboarding for a new address, the redirect parameter, the 403 page, sign-out behind a confirmation.
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import {
  holdsCode,
  isSignInNotice,
  mailsSince,
  mimePart,
  subjectOf,
  waitForCode,
  waitForMail,
} from './support/mail';
import { newEmail, signIn } from './support/session';
import { advanceServerClock } from './support/server-clock';
import { en, enPattern, plain, text } from './support/text';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The OpenID Connect provider's name (scripts/e2e.ts starts it as OIDC_NAME). */
const PROVIDER = 'Loopback ID';

/** From /login (already open): asks for a code, checks the verify screen, and returns the code. */
async function requestCode(page: Page, email: string): Promise<string> {
  const since = Date.now();
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(email);
  await page.getByRole('button', { name: en('auth:login.submitSignUp') }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  await expect(page.getByText(email.trim().toLowerCase())).toBeVisible();
  return waitForCode(email.trim().toLowerCase(), since);
}

/** The sign-up-off server: its own database, counters and (movable) clock. */
function closedOrigin(): string {
  const closedPort = process.env.E2E_CLOSED_PORT;
  expect(closedPort, 'the sign-up-disabled server is started by scripts/e2e.ts (pnpm test:e2e)').toBeTruthy();
  return `http://127.0.0.1:${closedPort}`;
}

/** Types the code; the sixth digit submits it. */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: en('auth:verify.code.label') }).pressSequentially(code);
}

test('an admin signs in with a code and lands on the manager dashboard', async ({ page, visit }) => {
  await visit('/login');
  await expect(page.getByRole('heading', { level: 1, name: en('auth:login.title') })).toBeVisible();
  const code = await requestCode(page, 'Admin@Example.COM ');
  await expect(page.getByText(en('auth:verify.expires', { count: 5 }))).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: new RegExp(`^${enPattern('auth:verify.resendIn', { count: /\d+/ })}$`),
    }),
  ).toBeDisabled();
  await expectAccessible(page);
  await typeCode(page, code);
  await expect(page).toHaveURL(/\/manager\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: en('pages.dashboard') })).toBeVisible();

  // Signed in, the entry points lead back to the area.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/manager\/dashboard$/);
});

test('a user returns to the page asked for, and gets the 403 page in the manager area', async ({
  page,
  visit,
}) => {
  await visit('/app/repositories?tab=mine');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Frepositories%3Ftab%3Dmine$/);
  await waitForHydration(page);
  await typeCode(page, await requestCode(page, 'user@example.com'));
  await expect(page).toHaveURL(/\/app\/repositories\?tab=mine$/);

  const response = await page.goto('/manager/dashboard');
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: en('actions.home') }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a wrong code shows on the field; a hostile redirect is ignored', async ({ page, visit }) => {
  await visit('/login?redirect=%2F%2Fevil.example');
  const code = await requestCode(page, 'user@example.com');
  const wrong = code === '111111' ? '222222' : '111111';
  await typeCode(page, wrong);
  const field = page.getByRole('textbox', { name: en('auth:verify.code.label') });
  await expect(page.getByText(en('auth:errors.INVALID_OTP'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await typeCode(page, code);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app$/);
  expect(pathOf(page)).toBe('/app');
});

test('a new address is onboarded, then signs out after confirming', async ({ page, visit }) => {
  const email = `new-${Date.now()}@example.com`;
  await visit('/login');
  await typeCode(page, await requestCode(page, email));
  await expect(page.getByRole('heading', { level: 1, name: en('auth:onboarding.title') })).toBeVisible();
  await expect(page.getByText(en('auth:onboarding.description'))).toBeVisible();
  await expect(page.getByText(plain(en('auth:onboarding.loggedWith', { email })))).toBeVisible();
  await expectAccessible(page);

  const name = page.getByRole('textbox', { name: en('auth:onboarding.name.label') });
  await name.fill('   ');
  await page.getByRole('button', { name: en('auth:onboarding.submit') }).click();
  await expect(page.getByText(en('auth:validation.name.required'))).toBeVisible();
  await name.fill('Ada Lovelace');
  await page.getByRole('button', { name: en('auth:onboarding.submit') }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: en('home.greeting', { name: 'Ada Lovelace' }) }),
  ).toBeVisible();
  expect(pathOf(page)).toBe('/app');

  // Sign Out is in the user menu. Cancel keeps the session and returns to it; Confirm ends it.
  await page.getByRole('button', { name: new RegExp(`^${en('userMenu.label')}`) }).click();
  const signOut = page.getByRole('button', { name: en('auth:signOut.action') });
  await signOut.click();
  const dialog = page.getByRole('dialog', { name: en('confirmDialog.title') });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: en('confirmDialog.cancel') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(signOut).toBeFocused();
  await signOut.click();
  await page
    .getByRole('dialog', { name: en('confirmDialog.title') })
    .getByRole('button', { name: en('confirmDialog.confirm') })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: en('auth:login.title') })).toBeVisible();

  await page.goto('/app');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
});

test.describe('without JavaScript (a form submitted before the page hydrates)', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in and verify forms post to the server, keep what was typed and sign in', async ({
    page,
  }) => {
    await page.goto('/login?redirect=%2Fapp%2Frepositories');
    const emailField = page.getByRole('textbox', { name: en('auth:login.email.label') });
    const send = page.getByRole('button', { name: en('auth:login.submitSignUp') });
    await emailField.fill('not-an-address');
    await send.click();
    await expect(page).toHaveURL(/\/login\?.*error=INVALID_EMAIL/);
    await expect(emailField).toHaveValue('not-an-address');
    await expect(emailField).toHaveAccessibleDescription(en('auth:validation.email.invalid'));

    const since = Date.now();
    await emailField.fill(' User@Example.com');
    await send.click();
    await expect(page).toHaveURL(
      /\/login\/verify\?email=user%40example\.com&redirect=%2Fapp%2Frepositories$/,
    );
    await expect(page.getByText('user@example.com')).toBeVisible();
    const code = await waitForCode('user@example.com', since);

    const codeField = page.getByRole('textbox', { name: en('auth:verify.code.label') });
    const confirm = page.getByRole('button', { name: en('auth:verify.confirm') });
    // Without the script that draws the digit slots, the field itself shows what is typed.
    await expect(codeField).not.toHaveCSS('color', 'rgba(0, 0, 0, 0)');
    await codeField.fill(code === '111111' ? '222222' : '111111');
    await confirm.click();
    await expect(page).toHaveURL(/\/login\/verify\?.*error=INVALID_OTP/);
    await expect(page.getByRole('alert')).toHaveText(en('auth:errors.INVALID_OTP'));

    await codeField.fill(code);
    await confirm.click();
    await expect(page).toHaveURL(/\/app\/repositories$/);
    await expect(page.getByRole('heading', { level: 1, name: en('repository:pages.list') })).toBeVisible();
  });

  test('a form posted from another site is refused before anything is sent', async ({ request, baseURL }) => {
    const response = await request.post(`${baseURL}/api/auth/form/email`, {
      form: { email: 'user@example.com' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test('the login error page explains each case', async ({ page, visit }) => {
  const cases = [
    ['signup_disabled', 'signupDisabled'],
    ['access_denied', 'accessDenied'],
    ['something_else', 'unknownError'],
  ] as const;
  for (const [error, key] of cases) {
    await visit(`/login/error?error=${error}`);
    await expect(
      page.getByRole('heading', { level: 1, name: en(`auth:loginError.${key}.title`) }),
    ).toBeVisible();
    await expect(page.getByText(en(`auth:loginError.${key}.description`))).toBeVisible();
  }
  await page.getByRole('link', { name: en('auth:loginError.backToLogin') }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('with sign-up off the screens use the login wording', async ({ page }) => {
  await page.goto(`${closedOrigin()}/login`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: en('auth:login.submit') })).toBeVisible();
  await expect(
    page.getByRole('button', { name: en('auth:login.provider', { provider: PROVIDER }) }),
  ).toBeVisible();
  await expect(page.getByText(en('auth:login.or'), { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('the code e-mail and the screens follow the visitor language (Arabic, right to left)', async ({
  page,
  visit,
}) => {
  await visit('/login?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const since = Date.now();
  await page.getByRole('textbox').first().fill('user@example.com');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);
  // The code, not a new sign-in notice another test may have sent the seeded user meanwhile.
  const mail = await waitForMail('user@example.com', since, 10_000, holdsCode);
  expect(subjectOf(mail)).toBe(text('ar', 'email:loginCode.subject'));
  expect(mimePart(mail, 'text/html')).toContain('dir="rtl"');
  await visit('/login/error?error=access_denied');
});

test.describe('social sign-in with a real OpenID Connect provider', () => {
  /**
   * From /login: the provider button, then the provider's own login screen. Each browser comes from a
   * client address of its own (the e2e server trusts the proxy header): better-auth allows one address
   * three provider sign-ins in ten seconds, and these journeys follow each other faster than that.
   */
  async function signInAtProvider(page: Page, login: string) {
    await page.context().setExtraHTTPHeaders({
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByRole('button', { name: en('auth:login.providerSignUp', { provider: PROVIDER }) }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  test('a new person signs up and is onboarded', async ({ page }) => {
    await signInAtProvider(page, `oidc-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('auth:onboarding.title') })).toBeVisible();
    expect(pathOf(page)).toBe('/app');
  });

  test('an existing account with a verified e-mail signs in', async ({ page }) => {
    await signInAtProvider(page, 'user@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: new RegExp(`^${enPattern('home.greeting', { name: /.*/ })}`),
      }),
    ).toBeVisible();
  });

  test('a browser new to the account is announced to its owner, and remembered for the next sign-in', async ({
    browser,
    page,
  }) => {
    const email = newEmail('oidc-alert');
    const first = await browser.newContext();
    await signIn(await first.newPage(), email, { name: 'Ada Lovelace' });
    await first.close();

    const since = Date.now();
    await signInAtProvider(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);
    const mail = await waitForMail(email, since, 10_000, isSignInNotice);
    expect(mimePart(mail, 'text/plain')).toContain('/app/account');

    // The provider's return leg marked this browser: a code sign-in from it now is no news.
    const againSince = Date.now();
    await signIn(page, email);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await mailsSince(email, againSince)).filter(isSignInNotice)).toHaveLength(0);
  });

  test('denied consent lands on the access-denied page', async ({ page }) => {
    await signInAtProvider(page, `denied-${Date.now()}@example.com`);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await expect(page).toHaveURL(/\/login\/error\?error=access_denied/);
    await expect(
      page.getByRole('heading', { level: 1, name: en('auth:loginError.accessDenied.title') }),
    ).toBeVisible();
  });
});

test('asking for too many codes shows when to try again, keeping the address typed', async ({ page }) => {
  // On the sign-up-off server, for an address nobody else asks codes for: an unknown address is counted
  // like a known one (no enumeration), so the other journeys' requests for the sample accounts do not add up.
  const login = `${closedOrigin()}/login`;
  const email = `too-many-${Date.now()}@example.com`;
  // Five codes an hour per address: the sixth request is refused.
  for (let i = 0; i < 5; i++) {
    await page.goto(login);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(email);
    await page.getByRole('button', { name: en('auth:login.submit') }).click();
    await expect(page).toHaveURL(/\/login\/verify\?/);
  }
  await page.goto(login);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(email);
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(
    page.getByText(
      new RegExp(
        `^(?:${enPattern('auth:rateLimit.retryIn', { count: /\d+/ })}|${enPattern('auth:rateLimit.retryInMinutes', { count: /\d+/ })})$`,
      ),
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: en('auth:login.email.label') })).toHaveValue(email);
  await expectAccessible(page);
});

test('onboarding and the 403 page are accessible in Arabic', async ({ page, visit }) => {
  const email = `arabic-${Date.now()}@example.com`;
  await visit('/login?lng=ar');
  const since = Date.now();
  await page.getByRole('textbox').first().fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  await page
    .getByRole('textbox')
    .first()
    .pressSequentially(await waitForCode(email, since));
  await expect(
    page.getByRole('heading', { level: 1, name: text('ar', 'auth:onboarding.title') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);

  const response = await page.goto('/manager/dashboard');
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'errors.forbidden') })).toBeVisible();
  await expectAccessible(page);
});

/** Requests a code on the closed server's /login (already open) and returns it from the inbox. */
async function requestLoginCode(page: Page, email: string): Promise<string> {
  const since = Date.now();
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).fill(email);
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  return waitForCode(email, since);
}

test('a code used after its lifetime is refused with a request for a new one', async ({ page }) => {
  const origin = closedOrigin();
  await page.goto(`${origin}/login`);
  await waitForHydration(page);
  const code = await requestLoginCode(page, 'admin@example.com');
  // Past the 5-minute lifetime on the server's clock.
  await advanceServerClock(6 * 60_000);
  await typeCode(page, code);
  await expect(page.getByText(en('auth:errors.OTP_EXPIRED'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: en('auth:verify.code.label') })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(page);
  expect(pathOf(page)).toBe('/login/verify');
});

/** An admin's API session on `origin`, signed in with a code from the inbox. */
async function adminApi(request: APIRequestContext, origin: string): Promise<APIRequestContext> {
  const headers = { origin };
  const since = Date.now();
  const email = 'admin@example.com';
  const send = await request.post(`${origin}/api/auth/email-otp/send-verification-otp`, {
    headers,
    data: { email, type: 'sign-in' },
  });
  expect(send.status()).toBe(200);
  const signIn = await request.post(`${origin}/api/auth/sign-in/email-otp`, {
    headers,
    data: { email, otp: await waitForCode(email, since) },
  });
  expect(signIn.status()).toBe(200);
  return request;
}

test('a banned user is told until when the ban lasts', async ({ page, request }) => {
  const origin = closedOrigin();
  const admin = await adminApi(request, origin);
  const listed = await admin.get(`${origin}/api/auth/admin/list-users`, {
    headers: { origin },
    params: { searchValue: '@example.com', searchField: 'email', limit: 10 },
  });
  expect(listed.status()).toBe(200);
  const { users } = (await listed.json()) as { users: { id: string; email: string }[] };
  // One of the generated users: the sample admin and user are at example.com too.
  const target = users.find((user) => !['admin@example.com', 'user@example.com'].includes(user.email));
  expect(target, 'the seed has generated users at example.com').toBeTruthy();
  const banned = await admin.post(`${origin}/api/auth/admin/ban-user`, {
    headers: { origin },
    data: { userId: target?.id, banReason: 'e2e', banExpiresIn: 3 * 86_400 },
  });
  expect(banned.status()).toBe(200);
  const { user } = (await banned.json()) as { user: { banExpires: string } };

  await page.goto(`${origin}/login`);
  await waitForHydration(page);
  await typeCode(page, await requestLoginCode(page, target?.email ?? ''));
  await expect(page.getByText(en('auth:bannedUntil', { date: new Date(user.banExpires) }))).toBeVisible();
  await expectAccessible(page);
  expect(pathOf(page)).toBe('/login/verify');
});
