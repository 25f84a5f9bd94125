// Passwordless sign-in end to end: e-mail → code from the real SMTP catcher → the area of the role,
// onboarding for a new address, the redirect parameter, the 403 page, sign-out behind a confirmation.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { mimePart, subjectOf, waitForCode, waitForMail } from './support/mail';
import { advanceServerClock } from './support/server-clock';

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** From /login (already open): asks for a code, checks the verify screen, and returns the code. */
async function requestCode(page: Page, email: string): Promise<string> {
  const since = Date.now();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
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
  await page.getByRole('textbox', { name: 'Code' }).pressSequentially(code);
}

test(
  'an admin signs in with a code and lands on the manager dashboard',
  { tag: '@mobile' },
  async ({ page, visit }) => {
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    const code = await requestCode(page, 'Admin@Example.COM ');
    await expect(page.getByText('The code expires in 5 minutes')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+ seconds?$/ })).toBeDisabled();
    await expectAccessible(page);
    await typeCode(page, code);
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Signed in, the entry points lead back to the area.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
  },
);

test('a user returns to the page asked for, and gets the 403 page in the manager area', async ({
  page,
  visit,
}) => {
  await visit('/app/repositories?tab=mine', { axe: false });
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp%2Frepositories%3Ftab%3Dmine$/);
  await waitForHydration(page);
  await typeCode(page, await requestCode(page, 'user@example.com'));
  await expect(page).toHaveURL(/\/app\/repositories\?tab=mine$/);

  const response = await page.goto('/manager/dashboard');
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(
    page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('a wrong code shows on the field; a hostile redirect is ignored', async ({ page, visit }) => {
  await visit('/login?redirect=%2F%2Fevil.example', { axe: false });
  const code = await requestCode(page, 'user@example.com');
  const wrong = code === '111111' ? '222222' : '111111';
  await typeCode(page, wrong);
  const field = page.getByRole('textbox', { name: 'Code' });
  await expect(page.getByText('Code is invalid')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await typeCode(page, code);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/app$/);
  expect(pathOf(page)).toBe('/app');
});

test('a new address is onboarded, then signs out after confirming', async ({ page, visit }) => {
  const email = `new-${Date.now()}@example.com`;
  await visit('/login', { axe: false });
  await typeCode(page, await requestCode(page, email));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(page.getByText("Let's personalize your experience")).toBeVisible();
  await expect(page.getByText(`Logged with ${email}`)).toBeVisible();
  await expectAccessible(page);

  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('   ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await name.fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada Lovelace' })).toBeVisible();
  expect(pathOf(page)).toBe('/app');

  // Cancel keeps the session; Confirm ends it.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await page.goto('/app');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
});

test('the login error page explains each case', async ({ page, visit }) => {
  const cases = [
    ['signup_disabled', 'Account not found', 'You need an account to login'],
    ['access_denied', 'Access Denied', 'Not able to login, please try again'],
    ['something_else', 'Something went wrong', 'Failed to login, please try again'],
  ] as const;
  for (const [error, title, description] of cases) {
    await visit(`/login/error?error=${error}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('with sign-up off the screens use the login wording', async ({ page }) => {
  await page.goto(`${closedOrigin()}/login`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Login with email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login with Loopback ID' })).toBeVisible();
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
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
  const mail = await waitForMail('user@example.com', since);
  expect(subjectOf(mail)).toBe('رمز التحقق الخاص بك');
  expect(mimePart(mail, 'text/html')).toContain('dir="rtl"');
  await visit('/login/error?error=access_denied');
});

test.describe('social sign-in with a real OpenID Connect provider', () => {
  /** From /login: the provider button, then the provider's own login screen. */
  async function signInAtProvider(page: Page, login: string) {
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  test('a new person signs up and is onboarded', async ({ page }) => {
    await signInAtProvider(page, `oidc-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    expect(pathOf(page)).toBe('/app');
  });

  test('an existing account with a verified e-mail signs in', async ({ page }) => {
    await signInAtProvider(page, 'user@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
  });

  test('denied consent lands on the access-denied page', async ({ page }) => {
    await signInAtProvider(page, `denied-${Date.now()}@example.com`);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await expect(page).toHaveURL(/\/login\/error\?error=access_denied/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
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
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Login with email' }).click();
    await expect(page).toHaveURL(/\/login\/verify\?/);
  }
  await page.goto(login);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Login with email' }).click();
  await expect(page.getByText(/^Too many attempts, try again in \d+ (seconds?|minutes?)$/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expectAccessible(page);
});

test('onboarding and the 403 page are accessible in Arabic', async ({ page, visit }) => {
  const email = `arabic-${Date.now()}@example.com`;
  await visit('/login?lng=ar', { axe: false });
  const since = Date.now();
  await page.getByRole('textbox').first().fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\/verify\?/);
  await waitForHydration(page);
  await page
    .getByRole('textbox')
    .first()
    .pressSequentially(await waitForCode(email, since));
  await expect(page.getByRole('heading', { level: 1, name: 'مرحبًا' })).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);

  const response = await page.goto('/manager/dashboard');
  expect(response?.status()).toBe(403);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('heading', { level: 1, name: 'ليس لديك صلاحية الوصول إلى هذه الصفحة' }),
  ).toBeVisible();
  await expectAccessible(page);
});

/** Requests a code on the closed server's /login (already open) and returns it from the inbox. */
async function requestLoginCode(page: Page, email: string): Promise<string> {
  const since = Date.now();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Login with email' }).click();
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
  await expect(page.getByText('The code has expired, request a new one')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
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
  const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(user.banExpires),
  );

  await page.goto(`${origin}/login`);
  await waitForHydration(page);
  await typeCode(page, await requestLoginCode(page, target?.email ?? ''));
  await expect(page.getByText(`You have been banned from this application until ${until}`)).toBeVisible();
  await expectAccessible(page);
  expect(pathOf(page)).toBe('/login/verify');
});
