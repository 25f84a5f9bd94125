// The account screen end to end, each journey as a fresh user: change name (deep link), change e-mail
// with the code from the SMTP catcher, display preferences, sessions, deleting the account, and the
// layout at phone and desktop sizes in English and Arabic, light and dark.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, waitForHydration } from './fixtures';
import { subjectOf, waitForCode, waitForMail } from './support/mail';
import { newEmail, signIn } from './support/session';

const searchOf = (page: Page) => new URL(page.url()).searchParams;
const region = (page: Page, name: string) => page.getByRole('region', { name });

test('change the name from the deep link; errors keep what was typed', async ({ page, visit }) => {
  await signIn(page, newEmail('acct-name'), { name: 'Ada Lovelace' });
  await visit('/app/account?state=change-name');
  const dialog = page.getByRole('dialog', { name: 'Change name' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await expect(field).toHaveValue('Ada Lovelace');
  await expectAccessible(page);

  await field.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(field).toHaveValue('   ');

  await field.fill('Grace Hopper');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => searchOf(page).has('state')).toBe(false);
  await expect(region(page, 'Profile').getByText('Grace Hopper')).toBeVisible();

  // Opening and closing is URL state that replaces the entry (Back leaves the page, not the dialog).
  await region(page, 'Profile').getByRole('button', { name: 'Change name' }).click();
  await expect(page).toHaveURL(/[?&]state=change-name/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/app\/account$/);
  await page.reload();
  await waitForHydration(page);
  await expect(region(page, 'Profile').getByText('Grace Hopper')).toBeVisible();
});

test('change the e-mail with the code sent to the new address', async ({ page, visit }) => {
  const oldEmail = newEmail('acct-old');
  const target = newEmail('acct-new');
  await signIn(page, oldEmail, { name: 'Ada Lovelace' });
  await visit('/app/account');
  const card = region(page, 'E-mail address');
  await card.getByRole('button', { name: 'Change e-mail' }).click();
  const field = card.getByRole('textbox', { name: 'New e-mail address' });

  // The seeded user's address is taken: the screen goes on as for any address (so it tells nobody
  // which addresses have an account), and nothing is mailed there.
  const takenSince = Date.now();
  await field.fill('user@example.com');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/[?&]newEmail=user%40example\.com/);
  await expect(waitForMail('user@example.com', takenSince, 1_500)).rejects.toThrow(/No e-mail/);
  await card.getByRole('button', { name: 'Use another address' }).click();

  const since = Date.now();
  await field.fill(target);
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]newEmail=${encodeURIComponent(target)}`));
  const code = await waitForCode(target, since);

  // The pending address is in the URL: the code step survives a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(card.getByText(`Enter the code we sent to ${target}`, { exact: false })).toBeVisible();
  await expectAccessible(page);

  const codeField = card.getByRole('textbox', { name: 'Code' });
  await codeField.pressSequentially(code === '111111' ? '222222' : '111111');
  await expect(card.getByText('Code is invalid')).toBeVisible();

  const noticeSince = Date.now();
  await codeField.pressSequentially(code);
  await expect(page.getByText('E-mail address changed')).toBeVisible();
  await expect(card.getByText(target)).toBeVisible();
  // The address leaves the URL with a navigation that may land just after the toast.
  await expect.poll(() => searchOf(page).has('newEmail')).toBe(false);
  const notice = await waitForMail(oldEmail, noticeSince);
  expect(subjectOf(notice)).toBe('Your Starter e-mail address was changed');
});

test('theme and language persist after a reload', async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, newEmail('acct-prefs'), { name: 'Ada Lovelace' });
  await visit('/app/account');
  const display = region(page, 'Display');
  await display.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await display.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const affichage = region(page, 'Affichage');
  await expect(affichage.getByRole('combobox', { name: 'Thème' })).toHaveValue('dark');
  await expect(affichage.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
});

test('sign out other sessions, then everywhere', async ({ browser, page, visit }) => {
  const email = newEmail('acct-sessions');
  await signIn(page, email, { name: 'Ada Lovelace' });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, email);

  await visit('/app/account');
  const sessions = region(page, 'Sessions');
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText('Other sessions signed out')).toBeVisible();
  await expect(sessions.getByText('No other active sessions')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The other browser is signed out; this one is not.
  await other.goto('/app/account');
  await expect(other).toHaveURL(/\/login\?redirect=/);
  await otherContext.close();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('delete the account after typing its e-mail; it lands on /login', async ({ page, visit }) => {
  const email = newEmail('acct-delete');
  await signIn(page, email, { name: 'Ada Lovelace' });
  await visit('/app/account');
  await region(page, 'Delete my account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /^Type .+ to confirm$/ }).fill(email.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: /^Type .+ to confirm$/ }).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await page.goto('/app/account');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

for (const language of ['en', 'ar'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(
      `the account screen fits and is accessible in ${language}, ${scheme}`,
      { tag: '@mobile' },
      async ({ page, visit }) => {
        await page.emulateMedia({ colorScheme: scheme });
        // A long address must wrap rather than widen the page.
        const email = newEmail('acct-a-rather-long-address-that-has-to-wrap-on-a-phone');
        await signIn(page, email, { name: 'Ada Lovelace de la Très Longue Famille' });
        await visit(`/app/account?lng=${language}`);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('time').first()).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await expectAccessible(page);
      },
    );
  }
}
