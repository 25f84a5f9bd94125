// The command palette (Ctrl/⌘+K): from the keyboard to a user's page through the server-side search and one
// of its actions, pages by their names in English and Arabic, the announced number of matches, never while typing, and axe.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, text } from './support/text';

const palette = (page: Page, lng = 'en') =>
  page.getByRole('dialog', { name: text(lng, 'common:palette.title') });

test('from the keyboard to a user found by the server-side search, in three keystrokes after the name', async ({
  browser,
  page,
  visit,
}) => {
  const surname = `Quill${randomInt(1e6)}`;
  const other = await browser.newPage();
  await signIn(other, newEmail('palette'), { name: `Petra ${surname}` });
  await other.close();

  await signInAdmin(page);
  await visit('/manager/dashboard');
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  const input = palette(page).getByRole('combobox');
  await expect(input).toBeFocused();
  await page.keyboard.type(surname);
  // The user (name and address), and the workspace organization made for them at sign-up.
  const found = palette(page).getByRole('option', { name: new RegExp(`^Petra ${surname} palette-`) });
  await expect(found).toBeVisible();
  await expect(
    palette(page).getByRole('option', {
      name: new RegExp(`^Petra ${surname}’s workspace$|^Petra ${surname}'s workspace$`),
    }),
  ).toBeVisible();
  await expect(palette(page).getByRole('option')).toHaveCount(2);
  await expect(palette(page).getByText(en('palette.count', { count: 2 }))).toBeAttached();
  await expectAccessible(page);
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Petra ${surname}` })).toBeVisible();
  await expect(palette(page)).toBeHidden();

  // The page's own actions, first: Ban opens the same dialog as the page's menu, and bans.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(en('user:ban.action'));
  const group = palette(page).getByRole('group', { name: en('palette.onThisPage') });
  const ban = group.getByRole('option', { name: en('user:ban.action'), exact: true });
  await expect(ban).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: en('user:ban.title', { name: `Petra ${surname}` }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: en('user:ban.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en('user:ban.success', { name: `Petra ${surname}` }))).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type(en('user:ban.unban'));
  await expect(group.getByRole('option', { name: en('user:ban.unban'), exact: true })).toBeVisible();
  await expect(group.getByRole('option', { name: en('user:ban.action'), exact: true })).toHaveCount(0);
});

test('pages by their translated names in Arabic, right to left; arrows choose, Escape closes; then a user', async ({
  browser,
  page,
  visit,
}) => {
  // Two sign-ins and an axe check.
  test.slow();
  const name = `ليلى ${randomInt(1e6)}`;
  const other = await browser.newPage();
  await signIn(other, newEmail('palette-ar'), { name });
  await other.close();

  await signInAdmin(page);
  await visit('/manager/dashboard?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Control+k');
  await expect(palette(page, 'ar')).toBeVisible();
  // While the server searches the users (held here), and once it has answered: both states accessible.
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue().catch(() => undefined);
  });
  await page.keyboard.type(text('ar', 'organization:manager.nav'));
  const status = palette(page, 'ar').locator('[aria-live="polite"]');
  await expect(status).toHaveText(text('ar', 'common:palette.loading'));
  await expectAccessible(page);
  await page.unroute('**/_serverFn/**');
  const option = palette(page, 'ar').getByRole('option', { name: text('ar', 'organization:manager.nav') });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(status).not.toHaveText(text('ar', 'common:palette.loading'));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(palette(page, 'ar')).toBeHidden();

  await page.keyboard.press('Control+k');
  await page.keyboard.type(text('ar', 'user:nav'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manager\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: text('ar', 'user:pages.list') })).toBeVisible();

  // A user by an Arabic name, through the server-side search, to their page.
  await page.keyboard.press('Control+k');
  await page.keyboard.type(name);
  const users = palette(page, 'ar').getByRole('group', { name: text('ar', 'common:palette.users') });
  await expect(users.getByRole('option', { name: new RegExp(`^${name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/manager\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('not while typing in a field; the app area offers its own pages and no user search', async ({
  page,
  visit,
}) => {
  await signIn(page, newEmail('palette-user'), { name: 'Paula Palette' });
  await visit('/app/repositories');
  await page.getByRole('searchbox', { name: en('search.label') }).focus();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  const options = palette(page).getByRole('option');
  // The list's own actions first, then the area's pages.
  await expect(
    palette(page)
      .getByRole('group', { name: en('palette.onThisPage') })
      .getByRole('option'),
  ).toHaveText([en('export.button'), en('repository:list.new')]);
  await expect(options.first()).toHaveText(en('export.button'));
  await expect(
    palette(page)
      .getByRole('group', { name: en('palette.pages') })
      .getByRole('option')
      .first(),
  ).toHaveText(en('nav.home'));
  // No user search outside the manager area: the seeded admin's name finds nothing here.
  await page.keyboard.type('Mira Manager');
  await expect(palette(page).getByText(en('palette.empty'))).toBeVisible();
  await expect(options).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(en('nav.account'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/account$/);
});
