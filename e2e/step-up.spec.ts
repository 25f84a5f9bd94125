// "Confirm it's you": a session signed in longer ago than `auth.recentSignInMinutes` is asked for a fresh
// code before a sensitive action, which then completes without starting over. The journeys run on an
// instance of their own whose clock the test moves forward (no waiting ten minutes).
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { type SeededInstance, startSeededInstance } from './support/instances';
import { waitForCode } from './support/mail';
import { newEmail, signIn } from './support/session';
import { addAuthenticator } from './support/webauthn';
import { en, enPattern } from './support/text';

let instance: SeededInstance;
const LATER = (appConfig.auth.recentSignInMinutes + 1) * 60_000;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  instance = await startSeededInstance();
});

test.afterEach(async () => {
  await instance?.resetClock();
});

test.afterAll(async () => {
  await instance?.close();
});

async function open(page: Page, path: string) {
  await page.goto(`${instance.origin}${path}`);
  await waitForHydration(page);
}

const stepUpDialog = (page: Page) => page.getByRole('dialog', { name: en('auth:stepUp.title') });

async function confirmWithCode(page: Page, email: string, since: number) {
  const dialog = stepUpDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  const code = await waitForCode(email, since);
  await dialog.getByRole('textbox', { name: en('auth:verify.code.label') }).pressSequentially(code);
}

async function sessionCount(page: Page): Promise<number> {
  await open(page, '/app/account');
  const sessions = page.getByRole('region', { name: en('account:sessions.title') }).getByTestId('session');
  await expect(sessions.first()).toBeVisible();
  return sessions.count();
}

test('a stale session is asked for a code before deleting the account; closing keeps it, the code completes it', async ({
  page,
}) => {
  const email = newEmail('stepup-delete');
  await signIn(page, email, { name: 'Sam Stale', origin: instance.origin });
  await instance.advanceClock(LATER);
  await open(page, '/app/account');

  const deleteAccount = async () => {
    await page
      .getByRole('region', { name: en('account:delete.title') })
      .getByRole('button', { name: en('account:delete.action') })
      .click();
    const dialog = page.getByRole('dialog', { name: en('account:delete.confirmTitle') });
    const typeEmail = new RegExp(`^${enPattern('account:delete.typeEmail', { email: /.+/ })}$`);
    await dialog.getByRole('textbox', { name: typeEmail }).fill(email);
    await dialog.getByRole('button', { name: en('account:delete.action') }).click();
  };

  // Closing the question leaves everything as it was, and says why nothing happened.
  let since = Date.now();
  await deleteAccount();
  await expect(stepUpDialog(page)).toBeVisible();
  await waitForCode(email, since);
  await expectAccessible(page);
  await stepUpDialog(page)
    .getByRole('button', { name: en('auth:stepUp.cancel') })
    .click();
  await expect(stepUpDialog(page)).toBeHidden();
  await expect(page.getByText(en('auth:errors.SESSION_NOT_FRESH'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/account/);

  // The second time, a fresh code lets the deletion through.
  await page.keyboard.press('Escape');
  since = Date.now();
  await deleteAccount();
  await confirmWithCode(page, email, since);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(en('account:delete.done'))).toBeVisible();
  const session = await page.request.get(`${instance.origin}/api/auth/get-session`);
  expect(await session.json()).toBeNull();
});

test('an admin whose sign-in is old confirms with a code, then the ban goes through; the new session replaces the old', async ({
  page,
  browser,
}) => {
  const targetContext = await browser.newContext();
  const target = await targetContext.newPage();
  await signIn(target, newEmail('stepup-target'), { name: 'Tess Target', origin: instance.origin });
  const targetId = (
    (await (await target.request.get(`${instance.origin}/api/auth/get-session`)).json()) as {
      user: { id: string };
    }
  ).user.id;
  await targetContext.close();

  const adminEmail = appConfig.seed.adminEmail;
  await signIn(page, adminEmail, { origin: instance.origin });
  const sessionsBefore = await sessionCount(page);
  await instance.advanceClock(LATER);

  await open(page, `/manager/users/${targetId}`);
  await page.getByRole('button', { name: en('user:detail.moreActions') }).click();
  await page.getByRole('button', { name: en('user:ban.action'), exact: true }).click();
  const ban = page.getByRole('dialog', { name: en('user:ban.title', { name: 'Tess Target' }) });
  await ban.getByRole('textbox', { name: en('user:ban.reason') }).fill('Spam');
  const since = Date.now();
  await ban.getByRole('button', { name: en('user:ban.submit') }).click();
  await confirmWithCode(page, adminEmail, since);
  await expect(page.getByText(en('user:ban.success', { name: 'Tess Target' }))).toBeVisible();
  await expect(page.getByRole('button', { name: en('user:ban.unban') })).toBeVisible();

  // The confirmation signed this browser in again: one session, not one more.
  expect(await sessionCount(page)).toBe(sessionsBefore);
});

test("a passkey of the account confirms it instead of the code; the passkey's removal then goes through", async ({
  page,
}) => {
  await addAuthenticator(page);
  const email = newEmail('stepup-passkey');
  await signIn(page, email, { name: 'Petra Passkey', origin: instance.origin });
  await open(page, '/app/account');
  const passkeys = page.getByRole('region', { name: en('account:passkeys.title') });
  await passkeys.getByRole('button', { name: en('account:passkeys.add') }).click();
  await expect(passkeys.getByTestId('passkey')).toHaveCount(1);
  const sessionsBefore = await sessionCount(page);
  await instance.advanceClock(LATER);

  // Removing it asks for a recent sign-in; the passkey itself gives it, then the removal completes
  // (the e-mail code still signs in).
  await open(page, '/app/account');
  await passkeys
    .getByRole('button', {
      name: en('account:passkeys.removeNamed', { name: en('account:passkeys.unnamed') }),
    })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('account:passkeys.remove') })
    .click();
  await stepUpDialog(page)
    .getByRole('button', { name: en('auth:stepUp.usePasskey') })
    .click();
  await expect(stepUpDialog(page)).toBeHidden();
  await expect(passkeys.getByText(en('account:passkeys.empty'))).toBeVisible();
  expect(await sessionCount(page)).toBe(sessionsBefore);
});

test('an owner whose sign-in is old confirms with a code before an API key is made, then sees it once', async ({
  page,
}) => {
  const email = newEmail('stepup-key');
  await signIn(page, email, { name: 'Kim Key', origin: instance.origin });
  await instance.advanceClock(LATER);
  await open(page, '/app/organization');
  await page
    .getByRole('region', { name: en('api-key:section.title') })
    .getByRole('button', { name: en('api-key:create.action') })
    .click();
  const dialog = page.getByRole('dialog', { name: en('api-key:create.title') });
  await dialog.getByLabel(en('api-key:form.name.label')).fill('Deploys');
  const since = Date.now();
  await dialog.getByRole('button', { name: en('api-key:create.submit') }).click();
  await confirmWithCode(page, email, since);
  await expect(dialog.getByLabel(en('api-key:created.label', { name: 'Deploys' }))).toHaveValue(/^sk_/);
});
