// The account screen end to end, each journey as a fresh user: change name (deep link), change e-mail
// with the code from the SMTP catcher, display preferences, sessions, downloading one's data, deleting
// the account, and the layout at phone and desktop sizes in English and Arabic, light and dark.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
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
import { en, enPattern, plain, text } from './support/text';

const searchOf = (page: Page) => new URL(page.url()).searchParams;
const region = (page: Page, name: string) => page.getByRole('region', { name });

test('change the name from the deep link; errors keep what was typed', async ({ page, visit }) => {
  await signIn(page, newEmail('acct-name'), { name: 'Ada Lovelace' });
  await visit('/app/account?state=change-name');
  const dialog = page.getByRole('dialog', { name: en('account:changeName.title') });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: en('account:changeName.label') });
  await expect(field).toHaveValue('Ada Lovelace');
  await expectAccessible(page);

  await field.fill('   ');
  await dialog.getByRole('button', { name: en('account:changeName.submit') }).click();
  await expect(dialog.getByText(en('auth:validation.name.required'))).toBeVisible();
  await expect(field).toHaveValue('   ');

  await field.fill('Grace Hopper');
  await dialog.getByRole('button', { name: en('account:changeName.submit') }).click();
  await expect(page.getByText(en('account:changeName.success'))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => searchOf(page).has('state')).toBe(false);
  await expect(region(page, en('account:profile.title')).getByText('Grace Hopper')).toBeVisible();

  // Opening and closing is URL state that replaces the entry (Back leaves the page, not the dialog).
  await region(page, en('account:profile.title'))
    .getByRole('button', { name: en('account:profile.changeName') })
    .click();
  await expect(page).toHaveURL(/[?&]state=change-name/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/app\/account$/);
  await page.reload();
  await waitForHydration(page);
  await expect(region(page, en('account:profile.title')).getByText('Grace Hopper')).toBeVisible();
});

test('change the e-mail with the code sent to the new address', async ({ page, visit, browser }) => {
  const oldEmail = newEmail('acct-old');
  const target = newEmail('acct-new');
  // An address taken by an account of this test's own: the seeded user's receives codes from other tests
  // running at the same time, and its per-address code limit is theirs too.
  const taken = newEmail('acct-taken');
  const other = await browser.newContext();
  await signIn(await other.newPage(), taken);
  await other.close();
  await signIn(page, oldEmail, { name: 'Ada Lovelace' });
  await visit('/app/account');
  const card = region(page, en('account:email.title'));
  await card.getByRole('button', { name: en('account:email.change') }).click();
  const field = card.getByRole('textbox', { name: en('account:email.newLabel') });

  // A taken address: the screen goes on as for any address (so it tells nobody which addresses have an
  // account), and nothing is mailed there.
  const takenSince = Date.now();
  await field.fill(taken);
  await card.getByRole('button', { name: en('account:email.send') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]newEmail=${encodeURIComponent(taken)}`));
  await expect(waitForMail(taken, takenSince, 1_500, holdsCode)).rejects.toThrow(/No e-mail/);
  await card.getByRole('button', { name: en('account:email.useAnother') }).click();

  const since = Date.now();
  await field.fill(target);
  await card.getByRole('button', { name: en('account:email.send') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]newEmail=${encodeURIComponent(target)}`));
  const code = await waitForCode(target, since);

  // The pending address is in the URL: the code step survives a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(
    card.getByText(plain(en('account:email.codeSent', { email: target })), { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);

  const codeField = card.getByRole('textbox', { name: en('account:email.codeLabel') });
  await codeField.pressSequentially(code === '111111' ? '222222' : '111111');
  await expect(card.getByText(en('auth:errors.INVALID_OTP'))).toBeVisible();

  const noticeSince = Date.now();
  await codeField.pressSequentially(code);
  await expect(page.getByText(en('account:email.changed'))).toBeVisible();
  await expect(card.getByText(target)).toBeVisible();
  // The address leaves the URL with a navigation that may land just after the toast.
  await expect.poll(() => searchOf(page).has('newEmail')).toBe(false);
  const notice = await waitForMail(oldEmail, noticeSince);
  expect(subjectOf(notice)).toBe(en('email:emailChanged.subject', { product: appConfig.name }));
});

test('theme and language persist after a reload', async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, newEmail('acct-prefs'), { name: 'Ada Lovelace' });
  await visit('/app/account');
  const display = region(page, en('preferences.title'));
  await display
    .getByRole('combobox', { name: en('preferences.theme') })
    .selectOption({ label: en('preferences.themes.dark') });
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await display
    .getByRole('combobox', { name: en('preferences.language') })
    .selectOption({ label: appConfig.languageNames.fr });
  await expect(page.getByRole('heading', { level: 1, name: text('fr', 'pages.account') })).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const affichage = region(page, text('fr', 'preferences.title'));
  await expect(affichage.getByRole('combobox', { name: text('fr', 'preferences.theme') })).toHaveValue(
    'dark',
  );
  await expect(affichage.getByRole('combobox', { name: text('fr', 'preferences.language') })).toHaveValue(
    'fr',
  );
});

test('sign out other sessions, then everywhere', async ({ browser, page, visit }) => {
  const email = newEmail('acct-sessions');
  await signIn(page, email, { name: 'Ada Lovelace' });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, email);

  await visit('/app/account');
  const sessions = region(page, en('account:sessions.title'));
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: en('account:sessions.signOutOthers') }).click();
  const dialog = page.getByRole('dialog', { name: en('confirmDialog.title') });
  await dialog.getByRole('button', { name: en('account:sessions.signOutOthers') }).click();
  await expect(page.getByText(en('account:sessions.signedOutOthers'))).toBeVisible();
  await expect(sessions.getByText(en('account:sessions.noOthers'))).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The other browser is signed out; this one is not.
  await other.goto('/app/account');
  await expect(other).toHaveURL(/\/login\?redirect=/);
  await otherContext.close();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: en('pages.account') })).toBeVisible();

  await sessions.getByRole('button', { name: en('account:sessions.signOutEverywhere') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('account:sessions.signOutEverywhere') })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a new browser signing in is mailed about, a known one is not, and the switch turns it off', async ({
  browser,
  page,
  visit,
}) => {
  const email = newEmail('acct-alert');
  /** Notices to `email` since `since`, after as long as one takes to arrive. */
  const noticesSince = async (since: number) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return (await mailsSince(email, since)).filter(isSignInNotice);
  };
  const signUpSince = Date.now();
  await signIn(page, email, { name: 'Ada Lovelace' });

  // A second browser: its owner hears of it, with a link to the sessions list.
  const secondContext = await browser.newContext();
  const secondSince = Date.now();
  await signIn(await secondContext.newPage(), email);
  const notice = await waitForMail(email, secondSince, 10_000, isSignInNotice);
  expect(mimePart(notice, 'text/plain')).toMatch(/https?:\/\/[^\s]+\/app\/account\b/);
  await secondContext.close();
  expect(
    (await mailsSince(email, signUpSince)).filter(isSignInNotice),
    'the sign-up itself is not one',
  ).toHaveLength(1);

  // The first browser signing in again is known: no new notice.
  const againSince = Date.now();
  await signIn(page, email);
  expect(await noticesSince(againSince)).toHaveLength(0);

  // Turned off on the account page, a third browser signs in unannounced.
  await visit('/app/account');
  const card = region(page, en('account:alerts.title'));
  const toggle = card.getByRole('switch', { name: en('account:alerts.newSignIn') });
  await expect(toggle).toBeChecked();
  await expectAccessible(page);
  await toggle.click();
  await expect(page.getByText(en('account:alerts.turnedOff'))).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await waitForHydration(page);
  await expect(toggle).not.toBeChecked();

  const thirdContext = await browser.newContext();
  const thirdSince = Date.now();
  await signIn(await thirdContext.newPage(), email);
  await thirdContext.close();
  expect(await noticesSince(thirdSince)).toHaveLength(0);
});

test('download my data: a JSON file of this account and nobody else, five an hour', async ({
  browser,
  page,
  visit,
}) => {
  // Another account exists, signed in elsewhere: nothing of it may reach the file.
  const otherEmail = newEmail('acct-export-other');
  const otherContext = await browser.newContext();
  await signIn(await otherContext.newPage(), otherEmail, { name: 'Grace Hopper' });
  await otherContext.close();
  const email = newEmail('acct-export');
  await signIn(page, email, { name: 'Ada Lovelace' });
  await visit('/app/account');
  const card = region(page, en('account:export.title'));
  const button = card.getByRole('button', { name: en('account:export.action') });

  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^starter-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync(await download.path(), 'utf8');
  const data = JSON.parse(text) as {
    profile: { email: string; name: string };
    signInMethods: { email: string };
    sessions: { ipAddress: string | null; userAgent: string | null; impersonated: boolean }[];
  };
  expect(data.profile).toMatchObject({ email, name: 'Ada Lovelace' });
  expect(data.signInMethods.email).toBe(email);
  // This browser's one session, with the address it signed in from (signIn's X-Forwarded-For).
  expect(data.sessions).toEqual([
    expect.objectContaining({ ipAddress: expect.stringMatching(/^10\./), impersonated: false }),
  ]);
  expect(text).not.toContain(otherEmail);
  expect(text).not.toMatch(/token|password/i);
  await expect(page.getByText(en('account:export.done'))).toBeVisible();

  // Four more make five this hour; the sixth is refused with a toast and saves nothing.
  for (let i = 0; i < 4; i++) {
    const next = page.waitForEvent('download');
    await button.click();
    await next;
    await expect(button).toBeEnabled();
  }
  let refusedDownload = false;
  page.on('download', () => (refusedDownload = true));
  await button.click();
  await expect(
    page.getByText(new RegExp(`^${enPattern('account:export.tooMany', { count: /\d+/ })}$`)),
  ).toBeVisible();
  await expect(button).toBeEnabled();
  expect(refusedDownload).toBe(false);
});

test('delete the account after typing its e-mail; it lands on /login', async ({ page, visit }) => {
  const email = newEmail('acct-delete');
  await signIn(page, email, { name: 'Ada Lovelace' });
  await visit('/app/account');
  await region(page, en('account:delete.title'))
    .getByRole('button', { name: en('account:delete.action') })
    .click();
  const dialog = page.getByRole('dialog', { name: en('account:delete.confirmTitle') });
  const confirm = dialog.getByRole('button', { name: en('account:delete.action') });
  const typeEmail = new RegExp(`^${enPattern('account:delete.typeEmail', { email: /.+/ })}$`);
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: typeEmail }).fill(email.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: typeEmail }).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(en('account:delete.done'))).toBeVisible();
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
