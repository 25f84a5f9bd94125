// The dashboard's sign-up chart by keyboard (the value of a day, announced as the bar's name and shown in
// its tooltip; time running right to left in Arabic), and the 404 and 403 pages: the product's header with
// the visitor's menu, the translated title, Home as the first action to the visitor's area, and the 403's
// way to sign in with another account. axe runs on every page visited (`visit`) and on the open tooltip.
import type { Locator, Page } from '@playwright/test';
import { appConfig } from '../app.config.ts';
import { expect, expectAccessible, test } from './fixtures';
import { newEmail, signIn, signInAdmin } from './support/session';
import { en, text } from './support/text';

const titled = (title: string) => `${title} | ${appConfig.name}`;

/** The chart's bars, oldest first (each is an image named "day: N sign-ups"). */
const bars = (page: Page) =>
  page.getByRole('group', { name: en('dashboard:chart.plotLabel') }).getByRole('img');

/** Day `index` of the screen-reader table: its count, and the long date the bar names it by. */
async function tableDay(page: Page, index: number): Promise<{ day: string; count: number }> {
  const table = page.getByRole('table', { name: en('dashboard:chart.title') });
  const row = table.getByRole('row').nth(index + 1);
  const count = Number((await row.getByRole('cell').textContent())?.replace(/\D/g, ''));
  const rows = await table.getByRole('row').count();
  // The page formats UTC days with the browser's Intl: the same formatter here gives the same text.
  const day = await page.evaluate(
    (daysBack) => {
      const now = new Date();
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack));
      return new Intl.DateTimeFormat('en', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(date);
    },
    rows - 2 - index,
  );
  return { day, count };
}

/** Moves keyboard focus into the chart from the page heading: one Tab, as a keyboard user would. */
async function tabIntoChart(page: Page): Promise<Locator> {
  await page.getByRole('heading', { level: 1 }).click();
  // The pointer leaves: once the page scrolls, a bar under it would show its tooltip on hover.
  await page.mouse.move(0, 0);
  await page.keyboard.press('Tab');
  return page.locator(':focus');
}

test("the chart tells a day's sign-ups by keyboard, announced and shown", async ({ page, visit }) => {
  await signInAdmin(page);
  await visit('/manager/dashboard');
  await expect(bars(page)).toHaveCount(30);

  const focused = await tabIntoChart(page);
  const today = await tableDay(page, 29);
  await expect(focused).toHaveAccessibleName(en('dashboard:chart.barLabel', today));
  await expect(bars(page).last()).toBeFocused();
  const tooltip = page.getByText(today.day, { exact: true });
  await expect(tooltip).toBeVisible();

  await page.keyboard.press('ArrowLeft');
  const yesterday = await tableDay(page, 28);
  await expect(bars(page).nth(28)).toBeFocused();
  await expect(page.locator(':focus')).toHaveAccessibleName(en('dashboard:chart.barLabel', yesterday));
  await expect(page.getByText(yesterday.day, { exact: true })).toBeVisible();
  await expect(tooltip).toBeHidden();
  await expectAccessible(page);

  await page.keyboard.press('Home');
  await expect(bars(page).first()).toBeFocused();
  // One Tab stop: the next Tab leaves the chart, and the value goes with it.
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-bar]:focus')).toHaveCount(0);
  await expect(page.getByText((await tableDay(page, 0)).day, { exact: true })).toBeHidden();
});

test('in Arabic the chart runs right to left, and the arrow keys follow it', async ({ page, visit }) => {
  await signInAdmin(page);
  await visit('/manager/dashboard?lng=ar');
  const chartBars = page
    .getByRole('group', { name: text('ar', 'dashboard:chart.plotLabel') })
    .getByRole('img');
  const first = await chartBars.first().boundingBox();
  const last = await chartBars.last().boundingBox();
  expect(last?.x ?? 0).toBeLessThan(first?.x ?? 0);

  await tabIntoChart(page);
  await expect(chartBars.last()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(chartBars.nth(28)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(chartBars.last()).toBeFocused();
  await expectAccessible(page);
});

test('an unknown URL: the 404 page with the header, its title and Home first', async ({ page, visit }) => {
  const response = await visit('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(titled(en('pages.notFound')));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: appConfig.name })).toHaveAttribute('href', '/');
  await expect(header.getByRole('combobox', { name: en('preferences.language') })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: en('errors.notFound') })).toBeVisible();
  await expect(main.getByRole('link').first()).toHaveAccessibleName(en('actions.home'));
  await expect(main.getByRole('link', { name: en('actions.home') })).toHaveAttribute('href', '/');
  await expect(main.getByRole('button', { name: en('actions.back') })).toBeVisible();

  await visit('/no-such-page?lng=fr');
  await expect(page).toHaveTitle(titled(text('fr', 'pages.notFound')));
});

test("signed in, the 404 page shows the visitor's menu and Home goes to their area", async ({
  page,
  visit,
}) => {
  await signInAdmin(page);
  await visit('/no-such-page');
  const menu = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${en('userMenu.label')}`) });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: en('actions.home') })).toHaveAttribute(
    'href',
    '/manager/dashboard',
  );
  await expect(page).toHaveTitle(titled(en('pages.notFound')));
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the 403 page: header, title, Home to the app, and signing in with another account (${scheme})`, async ({
    page,
    visit,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const email = newEmail('refused');
    await signIn(page, email, { name: 'Rita Refused' });
    const response = await visit('/manager/users');
    expect(response?.status()).toBe(403);
    await expect(page).toHaveTitle(titled(en('pages.forbidden')));
    await expect(
      page.getByRole('banner').getByRole('button', { name: new RegExp(`^${en('userMenu.label')}`) }),
    ).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: en('errors.forbidden') })).toBeVisible();
    await expect(main.getByRole('link').first()).toHaveAccessibleName(en('actions.home'));
    await expect(main.getByRole('link', { name: en('actions.home') })).toHaveAttribute('href', '/app');
    await expect(main.getByText(email)).toBeVisible();

    await main.getByRole('button', { name: en('auth:switchAccount.action') }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmanager%2Fusers$/);
    await expect(page.getByRole('heading', { level: 1, name: en('auth:login.title') })).toBeVisible();
    const session: unknown = await (await page.request.get('/api/auth/get-session')).json();
    expect(session).toBeNull();
  });
}
