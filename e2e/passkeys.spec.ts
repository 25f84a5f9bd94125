// Passkeys end to end in real Chromium with its WebAuthn virtual authenticator (DevTools protocol). A
// browser refuses an IP address as a relying party, so these journeys run on an instance of their own
// whose public address (BETTER_AUTH_URL) is http://localhost:<port>, over a freshly seeded PGlite folder.
import type { BrowserContext, Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { type SeededInstance, startSeededInstance } from './support/instances';
import { newEmail, signIn } from './support/session';
import { addAuthenticator, type Authenticator, credentialCount } from './support/webauthn';
import { en, enPattern, escapeRegExp } from './support/text';

let instance: SeededInstance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  instance = await startSeededInstance();
});

test.afterAll(async () => {
  await instance?.close();
});

const url = (path: string) => `${instance.origin}${path}`;

async function open(page: Page, path: string) {
  await page.goto(url(path));
  await waitForHydration(page);
}

const passkeysCard = (page: Page) => page.getByRole('region', { name: en('account:passkeys.title') });

/** Signs a new user in with a code and adds a passkey from the account page. */
async function userWithPasskey(page: Page, label: string): Promise<{ email: string; auth: Authenticator }> {
  const auth = await addAuthenticator(page);
  const email = newEmail(label);
  await signIn(page, email, { name: 'Pat Passkey', origin: instance.origin });
  await open(page, '/app/account');
  const card = passkeysCard(page);
  await expect(card.getByText(en('account:passkeys.empty'))).toBeVisible();
  await card.getByRole('button', { name: en('account:passkeys.add') }).click();
  await expect(page.getByText(en('account:passkeys.added'))).toBeVisible();
  await expect(card.getByTestId('passkey')).toHaveCount(1);
  expect(await credentialCount(auth)).toBe(1);
  return { email, auth };
}

async function signOutFromApi(page: Page) {
  const answer = await page.request.post(url('/api/auth/sign-out'), {
    headers: { origin: instance.origin },
    data: {},
  });
  expect(answer.status()).toBe(200);
}

async function sessionUser(context: BrowserContext): Promise<{ email: string } | null> {
  const answer = await context.request.get(url('/api/auth/get-session'));
  const body = (await answer.json()) as { user: { email: string } } | null;
  return body?.user ?? null;
}

test('add a passkey after a code sign-in, sign in with it alone, rename and remove it', async ({ page }) => {
  // A browser without passkey autofill: the button is the way in (with autofill, the virtual
  // authenticator would answer the field's request before any click; the next test covers that).
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  const { email, auth } = await userWithPasskey(page, 'pk-journey');
  const card = passkeysCard(page);
  await expect(card.getByTestId('passkey')).toContainText(en('account:passkeys.never'));
  const methods = page.getByRole('region', { name: en('account:methods.title') });
  await expect(methods.getByTestId('sign-in-method')).toHaveText([
    new RegExp(`^${escapeRegExp(en('account:methods.code'))}.*${escapeRegExp(email)}`),
    `${en('account:passkeys.title')}${en('account:methods.passkeys', { count: 1 })}`,
  ]);
  await expectAccessible(page);

  await signOutFromApi(page);
  await open(page, '/login');
  await expect(page.getByRole('textbox', { name: en('auth:login.email.label') })).toHaveAttribute(
    'autocomplete',
    'email webauthn',
  );
  await page.getByRole('button', { name: en('auth:login.passkey') }).click();
  await expect(page).toHaveURL(/\/app$/);
  expect(await sessionUser(page.context())).toMatchObject({ email });

  await open(page, '/app/account');
  // Used once now: no longer "Never"; the session list says how this one signed in.
  await expect(card.getByTestId('passkey')).not.toContainText(en('account:passkeys.never'));
  const sessions = page.getByRole('region', { name: en('account:sessions.title') });
  await expect(sessions.getByTestId('session').first()).toContainText(
    en('common:sessions.signedInWith.passkey'),
  );

  await card
    .getByRole('button', {
      name: en('account:passkeys.renameNamed', { name: en('account:passkeys.unnamed') }),
    })
    .click();
  const dialog = page.getByRole('dialog', { name: en('account:passkeys.renameTitle') });
  const field = dialog.getByRole('textbox', { name: en('account:passkeys.name.label') });
  await field.fill('   ');
  await dialog.getByRole('button', { name: en('account:passkeys.save') }).click();
  await expect(dialog.getByText(en('account:passkeys.name.required'))).toBeVisible();
  await field.fill('Work laptop');
  await dialog.getByRole('button', { name: en('account:passkeys.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('passkey')).toContainText('Work laptop');

  await card
    .getByRole('button', { name: en('account:passkeys.removeNamed', { name: 'Work laptop' }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('account:passkeys.remove') })
    .click();
  await expect(card.getByText(en('account:passkeys.empty'))).toBeVisible();

  // The authenticator still holds the key, but the server no longer knows it: refused, and said so.
  await signOutFromApi(page);
  await open(page, '/login');
  // This browser signed in with a passkey last: that button says so, the e-mail one does not.
  await expect(page.getByRole('button', { name: en('auth:login.passkey') })).toContainText(
    en('auth:login.lastUsed'),
  );
  await expect(page.getByRole('button', { name: en('auth:login.submitSignUp') })).not.toContainText(
    en('auth:login.lastUsed'),
  );
  await page.getByRole('button', { name: en('auth:login.passkey') }).click();
  await expect(page.getByRole('alert')).toHaveText(en('auth:errors.PASSKEY_NOT_FOUND'));
  expect(await sessionUser(page.context())).toBeNull();
  expect(await credentialCount(auth)).toBe(1);
});

test('the login page asks the browser for passkey suggestions on the e-mail field', async ({ page }) => {
  // Records what the page asks of the browser's credential API (autofill is `mediation: 'conditional'`).
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { passkeyCalls: string[] }).passkeyCalls = calls;
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      calls.push(String(options?.mediation ?? 'optional'));
      return get(options);
    };
  });
  const { email } = await userWithPasskey(page, 'pk-autofill');
  await signOutFromApi(page);
  await open(page, '/login');
  // Nothing is asked of the browser until the field where the suggestions show is focused.
  const calls = () => page.evaluate(() => (window as unknown as { passkeyCalls: string[] }).passkeyCalls);
  expect(await calls()).toEqual([]);
  await page.getByRole('textbox', { name: en('auth:login.email.label') }).focus();
  await expect.poll(calls).toContain('conditional');
  // The suggestion, once picked (the virtual authenticator answers it), signs in like the button.
  await expect(page).toHaveURL(/\/app$/, { timeout: 15_000 });
  expect(await sessionUser(page.context())).toMatchObject({ email });
});

test('an admin removes a user’s passkey, which then no longer signs in; a banned user’s passkey is refused', async ({
  browser,
  page,
}) => {
  const { email } = await userWithPasskey(page, 'pk-admin');
  const userId = (
    (await (await page.request.get(url('/api/auth/get-session'))).json()) as { user: { id: string } }
  ).user.id;
  await signOutFromApi(page);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, appConfig.seed.adminEmail, { origin: instance.origin });

  // Banned: the passkey is refused with the ban's message, like a code.
  const banned = await admin.request.post(url('/api/auth/admin/ban-user'), {
    headers: { origin: instance.origin },
    data: { userId, banReason: 'spam', banExpiresIn: 3600 },
  });
  expect(banned.status(), await banned.text()).toBe(200);
  await open(page, '/login');
  await page.getByRole('button', { name: en('auth:login.passkey') }).click();
  await expect(page.getByRole('alert')).toHaveText(new RegExp(enPattern('auth:bannedUntil', { date: /.*/ })));
  expect(await sessionUser(page.context())).toBeNull();
  const unbanned = await admin.request.post(url('/api/auth/admin/unban-user'), {
    headers: { origin: instance.origin },
    data: { userId },
  });
  expect(unbanned.status()).toBe(200);

  await admin.goto(url(`/manager/users/${userId}`));
  await waitForHydration(admin);
  const card = passkeysCard(admin);
  await expect(card.getByTestId('passkey')).toHaveCount(1);
  // Names and dates only: no key material reaches the manager's screen.
  await expect(card).not.toContainText('publicKey');
  await card
    .getByRole('button', {
      name: en('account:passkeys.removeNamed', { name: en('account:passkeys.unnamed') }),
    })
    .click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: en('account:passkeys.remove') })
    .click();
  await expect(card.getByText(en('account:passkeys.adminEmpty'))).toBeVisible();
  await expect(admin.getByText(email).first()).toBeVisible();
  await adminContext.close();

  await open(page, '/login');
  await page.getByRole('button', { name: en('auth:login.passkey') }).click();
  await expect(page.getByRole('alert')).toHaveText(en('auth:errors.PASSKEY_NOT_FOUND'));
  expect(await sessionUser(page.context())).toBeNull();
});
